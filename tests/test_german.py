"""German through every door: the browser's languages, the language menu, the pages, a score sheet read back,
the command line; plural forms and dates as each language writes them. The games are picked by need; what one
game says in German of its own (its bids, its tokens, its points) is in its folder: tests/games/<module>/."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from scorekeeper import registry, rules, store
from scorekeeper.cli import default_lang, main
from scorekeeper.i18n import LANGUAGES, plural, translate
from tests import pick
from tests.markup import parse
from tests.pdfs import pdf_text
from tests.samples import sample

DE = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
DAY = "2026-03-05T10:00:00+00:00"


def german(rules_id: str) -> str:
    """A game's name as German says it."""
    return translate(rules.get(rules_id).name, "de")


def listed_hands(bundle: registry.Bundle) -> bool:
    """Its hands are an option typed hand by hand ("6 5 4"), each a number of cards within bounds."""
    return any(o.name == "hands" and o.kind == "hands" for o in rules.get(bundle.id).options)


def imported(client, document: dict, headers=DE) -> str:
    """Import a game file; return the game's page."""
    body = json.dumps(document, ensure_ascii=False)
    response = client.post("/games/import", data=body, content_type="application/json", headers=headers)
    assert response.status_code == 303
    return response.headers["Location"]


def test_a_german_browser_gets_german_pages(client):
    html = client.get("/", headers=DE).get_data(as_text=True)
    assert '<html lang="de">' in html
    assert "Neue Partie" in html
    names = [offered.first("strong").text() for offered in parse(html).all(class_="game-pick")]
    assert sorted(names) == sorted(german(game) for game in registry.ids())  # each game as German names it
    for game in rules.all_rules():
        assert f"{game.min_players} bis {game.max_players} Spieler" in html
    setup = client.get(f"/new/{pick.game()}", headers=DE).get_data(as_text=True)
    assert "Partie starten" in setup and "Gibt zuerst" in setup


def test_an_austrian_or_swiss_browser_gets_german_too(client):
    for accept in ("de-AT", "de-CH,fr;q=0.5"):
        assert '<html lang="de">' in client.get("/", headers={"Accept-Language": accept}).get_data(as_text=True)


def test_the_menu_switches_to_german_and_the_choice_outlives_the_browser_language(client):
    game = pick.game(pick.option("rounds"))
    label = next(o.label for o in rules.get(game).options if o.name == "rounds")
    response = client.get(f"/lang/de?next=/new/{game}", headers={"Accept-Language": "fr"})
    assert response.status_code == 303 and response.headers["Location"] == f"/new/{game}"
    html = client.get(f"/new/{game}", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert '<html lang="de">' in html and translate(label, "de") in html
    client.get("/lang/fr?next=/")
    assert '<html lang="fr">' in client.get("/", headers=DE).get_data(as_text=True)


def test_the_menu_offers_every_language_in_its_own_name_and_marks_the_current_one(client):
    html = client.get("/", headers=DE).get_data(as_text=True)
    start = html.index('<details class="lang">')
    menu = html[start : html.index("</details>", start)]
    assert '<span aria-current="true" lang="de">Deutsch</span>' in menu
    assert 'href="/lang/fr?next=/" lang="fr" hreflang="fr">Français</a>' in menu
    assert 'href="/lang/en?next=/" lang="en" hreflang="en">English</a>' in menu
    assert menu.count("hreflang=") == len(LANGUAGES) - 1
    assert "Sprache: Deutsch" in menu


def test_a_refusal_is_german(client):
    game = pick.game(listed_hands, pick.players(3))
    hands = next(o for o in rules.get(game).options if o.name == "hands")
    bad = hands.max + 3  # past the most cards a hand may deal
    form = {"player.0": "Anne", "player.1": "Jürgen", "player.2": "anne", "dealer": "0", "option.hands": f"2 1 {bad}"}
    response = client.post(f"/new/{game}", data=form, headers=DE)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    said = f"{translate(hands.label, 'de')} muss zwischen {hands.min} und "  # the label, not the key
    assert said in html and f"liegen (angegeben: {bad})." in html
    assert "Zwei Spieler heißen anne: Die Namen müssen verschieden sein." in html


@pytest.mark.parametrize(
    ("lang", "none", "one", "two"),
    [
        ("de", "0 Runden", "1 Runde", "2 Runden"),
        ("fr", "0 manche", "1 manche", "2 manches"),
        ("en", "0 rounds", "1 round", "2 rounds"),
    ],
)
def test_plural_forms_follow_each_language(lang, none, one, two):
    forms = [plural("%(num)d round", "%(num)d rounds", n, lang) % {"num": n} for n in (0, 1, 2)]
    assert forms == [none, one, two]


def test_the_delete_page_counts_rounds_in_german_plural(client):
    game = sample(pick.game()).GAME
    empty = imported(client, game | {"rounds": []})
    one = imported(client, game | {"rounds": game["rounds"][:1]})
    assert "· 0 Runden</p>" in client.get(f"{empty}/delete", headers=DE).get_data(as_text=True)
    assert "· 1 Runde</p>" in client.get(f"{one}/delete", headers=DE).get_data(as_text=True)
    assert "0 manche" in client.get(f"{empty}/delete", headers={"Accept-Language": "fr"}).get_data(as_text=True)


@pytest.mark.parametrize(("accept", "shown"), [("de", "05.03.2026"), ("fr", "5 mars 2026"), ("en", "Mar 5, 2026")])
def test_the_home_page_dates_a_game_as_the_language_writes_dates(client, monkeypatch, accept, shown):
    monkeypatch.setattr(store, "now", lambda: DAY)
    imported(client, sample(pick.game()).full_game())
    html = client.get("/", headers={"Accept-Language": accept}).get_data(as_text=True)
    assert f'<time datetime="{DAY}">{shown}, ' in html  # then the time of day
    assert "2026-03-05<" not in html


def test_a_german_score_sheet_reads_back_in_german(client):
    game = pick.game()
    sheet = sample(game).SHEET
    url = imported(client, sheet.game)
    response = client.get(f"{url}/sheet.pdf?paper=a4", headers=DE)
    assert response.status_code == 200
    text = pdf_text(response.data)
    assert f"{german(game)} – Spielblock" in text
    assert f"Gewinner: {', '.join(sheet.winners)}" in text and "Geber" in text
    assert re.search(r"\d{1,2}\. \w+ \d{4}", text)  # played on: 5. März 2026, as German writes a date


def test_the_command_line_prints_a_german_sheet(tmp_path):
    game = pick.game(pick.players(4))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(sample(game).full_game(), ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "sheet.pdf"
    result = CliRunner().invoke(main, ["sheet", str(path), "--lang", "de", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert f"{german(game)} – Spielblock" in pdf_text(out.read_bytes())
    blank = tmp_path / "blank.pdf"
    args = ["sheet", "--blank", "--rules", game, "--players", "4", "--lang", "de", "-o", str(blank)]
    assert CliRunner().invoke(main, args).exit_code == 0
    pad = pdf_text(blank.read_bytes())
    assert f"{german(game)} – Spielblock" in pad and "4 Spieler" in pad


@pytest.mark.parametrize(
    ("env", "lang"), [("de_DE.UTF-8", "de"), ("de_AT", "de"), ("en_GB.UTF-8", "en"), ("fr_FR", "fr"), ("C.UTF-8", "fr")]
)
def test_the_command_line_takes_its_language_from_the_locale(monkeypatch, env, lang):
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", env)
    assert default_lang() == lang
