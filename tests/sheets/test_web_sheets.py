"""Score sheets from the web: each game page offers its sheet in the page's language, the home page prints
blank pads without JavaScript, bad requests get a clear 422, and a sheet comes as a download named after the
game, its players and its day."""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import unquote

import pytest

from scorekeeper import registry, rules
from scorekeeper.i18n import translate
from tests import pick
from tests.markup import parse
from tests.samples import sample
from tests.web.helpers import imported

from .helpers import A4, LETTER, pages, pdf_text, size

EN = {"Accept-Language": "en"}
THREE = rules.get(pick.game(pick.players(3)))  # any game three play
BOUND = f"{THREE.name} is played by {THREE.min_players} to {THREE.max_players} players, not {{}}."


def problems(response) -> list[str]:
    """The messages of a refusal page."""
    return [item.text() for item in parse(response.get_data()).all("li") if not item.attrs]


def name(rules_id: str, lang: str) -> str:
    """A game's name as `lang` says it."""
    return translate(rules.get(rules_id).name, lang)


def test_the_game_page_offers_its_score_sheet(client):
    url = imported(client, sample(pick.game()).full_game())
    html = client.get(url).get_data(as_text=True)
    assert f'href="{url}/sheet.pdf?paper=a4"' in html
    html = client.get(url, headers={"Accept-Language": "en-US,en;q=0.8"}).get_data(as_text=True)
    assert f'href="{url}/sheet.pdf?paper=letter"' in html


def test_the_web_sheet_is_the_game_in_the_page_language(client):
    game = pick.game()
    sheet = sample(game).SHEET
    url = imported(client, sheet.game)
    response = client.get(f"{url}/sheet.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = pdf_text(response.data)
    winners = ", ".join(sheet.winners)
    assert f"{name(game, 'fr')} — feuille de marque" in text and f"Gagnant : {winners}" in text
    assert f"http://localhost{url}" in text.replace("\n", "")  # the QR code's address
    client.set_cookie("lang", "en")
    response = client.get(f"{url}/sheet.pdf?paper=letter")
    text = pdf_text(response.data)
    assert f"{name(game, 'en')} — score sheet" in text and f"Winner: {winners}" in text
    assert size(pages(response.data)[0]) in (LETTER, LETTER[::-1])  # landscape where its columns need it


def test_the_web_sheet_refuses_a_bad_paper_and_an_unknown_game(client):
    url = imported(client, sample(pick.game()).full_game())
    response = client.get(f"{url}/sheet.pdf?paper=a3", headers=EN)
    assert response.status_code == 422
    assert problems(response) == ["The paper must be a4 or letter (got a3)."]
    assert client.get("/games/nope/sheet.pdf").status_code == 404


def test_the_home_page_has_a_blank_sheet_form_that_works_without_javascript(client):
    form = parse(client.get("/").get_data()).first("form", id="blank-sheet-form")
    assert (form.attrs["method"], form.attrs["action"]) == ("get", "/sheets/blank.pdf")
    fields = {(field.attrs["name"], field.attrs.get("value")) for field in form.fields()}
    most = max(r.max_players for r in rules.all_rules())
    offered = [("rules", game) for game in registry.ids()]  # every game, in no particular order
    for field in (*offered, ("players", str(most)), ("paper", "a4"), ("paper", "letter")):
        assert field in fields, field
    assert "names" in {name for name, _ in fields} and form.all(type="submit")


def test_the_form_as_sent_without_names_gives_a_pad(client):
    most = max(r.max_players for r in rules.all_rules())
    game = pick.game(pick.players(most))  # the biggest table a pad is offered for
    response = client.get(f"/sheets/blank.pdf?rules={game}&players={most}&names=&paper=a4", headers=EN)
    assert response.status_code == 200
    text = pdf_text(response.data)
    assert f"{most} players" in text and f"#{most}" in text
    assert size(pages(response.data)[0]) == A4[::-1]


def test_a_blank_sheet_from_the_web(client):
    """The names as a form sends them; a game's own way of printing them (as teams, say) is
    its folder's test."""
    game = pick.game(pick.players(4))
    response = client.get(
        f"/sheets/blank.pdf?rules={game}&players=4&names=Zo%C3%AB,%C5%81ukasz,%C5%90rs,Fran%C3%A7ois&paper=letter"
    )
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = pdf_text(response.data)
    assert all(player in text for player in ("Zoë", "Łukasz", "Őrs", "François"))
    assert f"{name(game, 'fr')} — feuille de marque" in text
    assert size(pages(response.data)[0]) in (LETTER, LETTER[::-1])  # landscape where its columns need it


def test_a_name_like_a_script_tag_prints_as_text(client):
    response = client.get(
        "/sheets/blank.pdf", query_string={"rules": THREE.id, "players": "3", "names": "<script>alert(1)</script>,Bo"}
    )
    assert response.status_code == 200
    assert "<script>alert(1)</script>" in pdf_text(response.data)


@pytest.mark.parametrize(
    "query, message",
    [
        (f"rules={THREE.id}&players={THREE.max_players + 1}", BOUND.format(THREE.max_players + 1)),
        (f"rules={THREE.id}&players=abc", BOUND.format("abc")),
        (f"rules={THREE.id}", "Choose how many players."),
        ("rules=belote&players=4", f"Unknown game belote; the games are: {', '.join(sorted(registry.ids()))}."),
        (f"rules={THREE.id}&players=3&names=A,B,C,D", "4 names were given for 3 players."),
        (f"rules={THREE.id}&players=3&paper=a5", "The paper must be a4 or letter (got a5)."),
    ],
    ids=["too many players", "not a count", "no count", "unknown game", "names for more players", "bad paper"],
)
def test_bad_blank_sheet_parameters_get_a_clear_422(client, query, message):
    response = client.get(f"/sheets/blank.pdf?{query}", headers=EN)
    assert response.status_code == 422
    assert problems(response) == [message.replace("&", "&amp;")]


def test_blank_sheet_with_an_odd_player_count_is_refused_not_a_crash(client):
    for odd in ("²", "③", "9" * 5000, "-3"):
        response = client.get(f"/sheets/blank.pdf?rules={THREE.id}&players={odd}")
        assert response.status_code == 422, odd


def download_name(response) -> str:
    """The file name a phone saves a download under: the UTF-8 one (RFC 6266 filename*) where given."""
    disposition = response.headers["Content-Disposition"]
    assert disposition.startswith("attachment;"), disposition  # a download: the app stays in its tab
    found = re.search(r"filename\*=UTF-8''(\S+)", disposition)
    return unquote(found.group(1)) if found else re.search(r'filename="([^"]+)"', disposition).group(1)


def in_ascii(text: str) -> str:
    """How a plain (ASCII) file name spells `text`: each letter without its accents, what has no ASCII
    letter left out (an apostrophe ’, say)."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if c.isascii())


def test_sheets_are_downloads_named_after_the_game_the_players_and_the_day(client):
    """On a phone a PDF opened in the app's tab replaced the app: a sheet comes as a download (the game stays
    on screen), under a name that says which game, who played and when, in the page's language."""
    picked = pick.game()
    url = imported(client, sample(picked).full_game())
    game = client.get(f"{url}/export.json").get_json()
    day = client.get(url).get_data(as_text=True)  # the link opens no other tab and no viewer in this one
    assert 'id="score-sheet"' in day and "target=" not in day.split('id="score-sheet"')[0].rsplit("<a", 1)[1]
    response = client.get(f"{url}/sheet.pdf")
    said = download_name(response)
    assert said.startswith(f"Feuille de marque - {name(picked, 'fr')} - " + ", ".join(game["players"]))
    assert said.endswith(".pdf") and re.search(r" - \d{4}-\d{2}-\d{2}\.pdf$", said)
    plain = re.search(r'filename="([^"]+)"', response.headers["Content-Disposition"]).group(1)
    assert plain.startswith(f"Feuille de marque - {in_ascii(name(picked, 'fr'))} - ") and plain.isascii()  # ASCII too
    four = pick.game(pick.players(4))
    blank = client.get(f"/sheets/blank.pdf?rules={four}&players=4&paper=a4", headers=EN)
    assert download_name(blank) == f"Blank score sheet - {name(four, 'en')} - 4 players.pdf"
    assert download_name(
        client.get(f"/sheets/blank.pdf?rules={THREE.id}&players=3", headers={"Accept-Language": "de"})
    ) == (f"Leerer Spielblock - {name(THREE.id, 'de')} - 3 Spieler.pdf")


def test_a_name_a_file_system_refuses_is_cleaned_from_the_file_name(client):
    game = pick.game(pick.sample_players(3))
    url = imported(client, {**sample(game).GAME, "players": ['A/B:"C"', "Dé", "Ełż"]})
    said = download_name(client.get(f"{url}/sheet.pdf", headers=EN))
    assert said.startswith(f"Score sheet - {name(game, 'en')} - A B C , Dé, Ełż - ")
    refused = client.get(f"{url}/sheet.pdf?paper=a3", headers=EN)
    assert refused.status_code == 422 and "Content-Disposition" not in refused.headers  # a refusal is a page
