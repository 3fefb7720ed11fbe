"""German through every door: the browser's languages, the language menu, the pages, a score sheet read back,
the command line; plural forms and dates as each language writes them."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from scorekeeper import store
from scorekeeper.cli import default_lang, main
from scorekeeper.i18n import LANGUAGES, plural
from tests.markup import parse
from tests.pdfs import pdf_text
from tests.samples import sample

DE = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
DAY = "2026-03-05T10:00:00+00:00"


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
    # two games a German table must tell apart: Tout ou rien keeps its name, ALL or NOTHING bids ALLES or NICHTS
    names = [pick.first("strong").text() for pick in parse(html).all(class_="game-pick")]
    assert "Tout ou rien" in names and "ALL or NOTHING" in names
    assert not [name for name in names if "alles" in name.lower() or "nichts" in name.lower()]
    assert "Hexagames „Alles oder Nichts“" in html  # the German box's title, said once, in its description
    assert "3 bis 6 Spieler" in html
    setup = client.get("/new/tout-ou-rien", headers=DE).get_data(as_text=True)
    assert "Partie starten" in setup and "Gibt zuerst" in setup


def test_an_austrian_or_swiss_browser_gets_german_too(client):
    for accept in ("de-AT", "de-CH,fr;q=0.5"):
        assert '<html lang="de">' in client.get("/", headers={"Accept-Language": accept}).get_data(as_text=True)


def test_the_menu_switches_to_german_and_the_choice_outlives_the_browser_language(client):
    response = client.get("/lang/de?next=/new/inferno", headers={"Accept-Language": "fr"})
    assert response.status_code == 303 and response.headers["Location"] == "/new/inferno"
    html = client.get("/new/inferno", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert '<html lang="de">' in html and "Anzahl der Runden" in html
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
    form = {"player.0": "Anne", "player.1": "Jürgen", "player.2": "anne", "dealer": "0", "option.hands": "6 5 9"}
    response = client.post("/new/tout-ou-rien", data=form, headers=DE)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "Kartenzahl, Runde für Runde muss zwischen 1 und 6 liegen (angegeben: 9)." in html  # the label, not the key
    assert "Zwei Spieler heißen anne: Die Namen müssen verschieden sein." in html


def test_a_german_game_page_speaks_of_stiche_and_the_geber(client):
    url = imported(client, sample("tout-ou-rien").full_game(hands=[3, 2]) | {"rounds": []})
    html = client.get(url, headers=DE).get_data(as_text=True)
    assert "Runde 1" in html and "Zoë gibt jedem 3 Karten; Łukasz sagt zuerst an und spielt aus." in html
    assert "Verdeckt" in html and "Offen" in html and "Noch keine Runde gespielt." in html


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
    empty = imported(client, sample("tout-ou-rien").full_game() | {"rounds": []})
    one = imported(
        client, sample("tout-ou-rien").full_game() | {"rounds": sample("tout-ou-rien").full_game()["rounds"][:1]}
    )
    assert "· 0 Runden</p>" in client.get(f"{empty}/delete", headers=DE).get_data(as_text=True)
    assert "· 1 Runde</p>" in client.get(f"{one}/delete", headers=DE).get_data(as_text=True)
    assert "0 manche" in client.get(f"{empty}/delete", headers={"Accept-Language": "fr"}).get_data(as_text=True)


@pytest.mark.parametrize(("accept", "shown"), [("de", "05.03.2026"), ("fr", "5 mars 2026"), ("en", "Mar 5, 2026")])
def test_the_home_page_dates_a_game_as_the_language_writes_dates(client, monkeypatch, accept, shown):
    monkeypatch.setattr(store, "now", lambda: DAY)
    imported(client, sample("inferno").full_game())
    html = client.get("/", headers={"Accept-Language": accept}).get_data(as_text=True)
    assert f'<time datetime="{DAY}">{shown}, ' in html  # then the time of day
    assert "2026-03-05<" not in html


def test_a_german_score_sheet_reads_back_in_german(client):
    url = imported(client, sample("tout-ou-rien").full_game())
    response = client.get(f"{url}/sheet.pdf?paper=a4", headers=DE)
    assert response.status_code == 200
    text = pdf_text(response.data)
    assert "Tout ou rien – Spielblock" in text
    assert "Gewinner: Łukasz" in text
    assert "Ansage" in text and "Stiche" in text and "Geber" in text
    assert "Verdeckte Ansage: 1 Punkt pro Stich" in text  # the rules summary
    assert re.search(r"\d{1,2}\. \w+ \d{4}", text)  # played on: 5. März 2026, as German writes a date


def test_a_blank_german_pad_from_the_web_prints_the_german_rules(client):
    response = client.get("/sheets/blank.pdf?rules=everest-abyss&players=3&paper=a4", headers=DE)
    assert response.status_code == 200
    text = pdf_text(response.data)
    assert "Everest & Abyss – Spielblock" in text and "Einsatz" in text and "Chips" in text
    assert "Gleiche Zahlen: Wer zuerst gesetzt hat, gewinnt (Big Boss)." in " ".join(text.split())


def test_the_command_line_speaks_german(tmp_path):
    bad = sample("tout-ou-rien").full_game()
    bad["rounds"][0]["tricks"][0] += 1
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad, ensure_ascii=False), encoding="utf-8")
    result = CliRunner().invoke(main, ["score", "--lang", "de", str(path)])
    assert result.exit_code == 1
    assert result.stderr.startswith("Runde 1: Die Stiche ergeben zusammen 7, aber jeder hat 6 Karten bekommen")


def test_the_command_line_prints_a_german_sheet(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(sample("all-fours").full_game(), ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "sheet.pdf"
    result = CliRunner().invoke(main, ["sheet", str(path), "--lang", "de", "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = pdf_text(out.read_bytes())
    assert "All Fours – Spielblock" in text and "Hoch" in text and "Tief" in text and "Bube" in text
    blank = tmp_path / "blank.pdf"
    args = ["sheet", "--blank", "--rules", "tout-ou-rien", "--players", "4", "--lang", "de", "-o", str(blank)]
    assert CliRunner().invoke(main, args).exit_code == 0
    assert "O = offene Ansage, V = verdeckte Ansage" in pdf_text(blank.read_bytes())


@pytest.mark.parametrize(
    ("env", "lang"), [("de_DE.UTF-8", "de"), ("de_AT", "de"), ("en_GB.UTF-8", "en"), ("fr_FR", "fr"), ("C.UTF-8", "fr")]
)
def test_the_command_line_takes_its_language_from_the_locale(monkeypatch, env, lang):
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", env)
    assert default_lang() == lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_all_fours_board_letters_stand_for_one_thing_each(client, lang):
    """The board marks a point with its word's initial: two points must not share a letter in any language."""
    from scorekeeper.i18n import translate

    words = ["High", "Low", "Jack", "Game", "Beg", "Renege"]
    initials = [translate(w, lang)[0] for w in words]
    assert len(set(initials)) == len(words), dict(zip(words, initials, strict=True))
    ranks = [translate(w, lang)[0] for w in ("Jack", "Queen", "King", "Ace")]
    assert len(set(ranks)) == 4 and not any(r.isdigit() for r in ranks)
