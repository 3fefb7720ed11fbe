"""A club and its season through the web: a night put in a new club from its page, the next night added as it is
created, the season page ranking the players of every night with the club's minimum ("not yet ranked" below), its
CSV and PDF in the page's language; only the club's organiser (or the admin) changes it; bad input said; with and
without htmx."""

from __future__ import annotations

import csv
import io

import pytest
from pypdf import PdfReader

from scorekeeper import leaderboard
from tests.markup import parse
from tests.test_shared_limits import elsewhere
from tests.web.club_night import FOUR, GAME3, GAME4, NAMES, THREE, finish
from tests.web.helpers import HX, kept_tables, picked, reading, text
from tests.web.test_events import DE, EN, make_event, play

pytestmark = pytest.mark.two_engines

# Night 1 plays the club night's two tables (club_night.py: a table of four, its first three at a table of three),
# night 2 the table of three again with the names typed otherwise: the three play three games each, the fourth one
# (below a minimum of 3); the season as the rules' standings of those games rank it
TYPED = [NAMES[0].upper() + " ", NAMES[1].lower(), NAMES[2]]
_RANKED, _BELOW = leaderboard.season([finish(GAME4), finish(GAME3), finish({**GAME3, "players": TYPED})], 3)
RANKED = [[str(row.rank), row.name, str(row.games), str(row.won), str(row.shown)] for row in _RANKED]
BELOW = [[row.name, str(row.games), str(row.won), str(row.shown)] for row in _BELOW]


def rows(response, table_id: str) -> list[list[str]]:
    """The rows of one of the season page's tables, as read."""
    found = parse(response.get_data()).all("table", id=table_id)
    if not found:
        return []
    body = found[0].first("tbody")
    return [[cell.text("") for cell in row.all() if cell.tag in ("th", "td")] for row in body.all("tr")]


def season_link(client, event_url: str) -> str:
    """Where the night's a#season leads."""
    return parse(client.get(event_url, headers=EN).get_data()).first("a", id="season").attrs["href"]


def make_club(client, event_url: str | None = None, name="Thursday club", minimum="3", headers=None) -> str:
    """Make a club through its form (from a night's page when `event_url` is given); its address."""
    data = {"name": name, "minimum": minimum}
    if event_url:
        data["event"] = event_url.rsplit("/", 1)[-1]
    made = client.post("/clubs", data=data, headers=headers or {})
    assert made.status_code == 303, made.get_data(as_text=True)
    return made.headers["Location"]


def clubs_stored(app) -> list[tuple]:
    """Every club as stored: name, minimum, closed, and its nights' ids."""
    with reading(app) as db:
        found = db.execute("select id, name, minimum, closed from clubs order by created").fetchall()
        nights = db.execute("select club_id, id from events where club_id is not null order by id").fetchall()
        return [(n, m, c, sorted(e for club, e in nights if club == i)) for i, n, m, c in found]


def two_nights(client) -> tuple[str, str, str]:
    """A club of two nights played as RANKED and BELOW say: the first put in a new club from its page, the second
    started for the club; the club's address and the nights'."""
    first = make_event(client, "Night one", "2026-11-05")
    play(client, first, FOUR)
    play(client, first, THREE, players=NAMES)
    assert season_link(client, first) == f"/clubs/new?event={first.rsplit('/', 1)[-1]}"
    club = make_club(client, first)
    assert season_link(client, first) == club
    form = parse(client.get(f"/events/new?club={club.rsplit('/', 1)[-1]}", headers=EN).get_data())
    assert [name for club_id, name in picked(form) if club_id] == ["Thursday club"]
    made = client.post("/events", data={"name": "Night two", "day": "2026-11-12", "club": club.rsplit("/", 1)[-1]})
    second = made.headers["Location"]
    play(client, second, THREE, players=TYPED)
    return club, first, second


@pytest.fixture(scope="module")
def season(tmp_path_factory, empty_store):
    """On each engine, the phone and its club of two_nights, which the tests that only read the season share:
    playing the two nights again cost each of them 0.1-0.2 s of CPU."""
    with kept_tables(empty_store, tmp_path_factory, two_nights) as on:
        yield on


def test_a_season_ranks_every_nights_players_from_its_minimum(season, engine):
    client, (club, _first, second) = season(engine)
    assert season_link(client, second) == club
    page = client.get(club, headers=EN)
    assert page.status_code == 200
    assert rows(page, "season-table") == RANKED
    assert rows(page, "not-ranked") == BELOW
    said = text(page)
    assert "Ranked from 3 finished games." in said and "Not yet ranked" in said
    assert "Season · 2 club nights · 3 games finished" in said
    assert said.index("Night two") < said.index("Night one")  # the latest night first


def test_the_season_follows_its_nights_and_its_minimum(client, app):
    club, first, _second = two_nights(client)
    assert rows(client.get(club, headers=EN), "not-ranked") == BELOW  # worked out, and kept
    fourth = GAME4["players"][3]
    play(client, first, THREE, players=[NAMES[0], fourth, NAMES[1]])  # the fourth's second game, a night changed
    shown = rows(client.get(club, headers=EN), "not-ranked")
    assert [row[:2] for row in shown] == [[fourth, "2"]]
    assert client.post(f"{club}/change", data={"name": "Thursday club", "minimum": "2"}).status_code == 303
    assert fourth in [row[1] for row in rows(client.get(club, headers=EN), "season-table")]
    assert rows(client.get(club, headers=EN), "not-ranked") == []


@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
def test_the_organiser_renames_takes_out_adds_and_closes(client, app, headers):
    first = make_event(client, "Night one", "2026-11-05")
    other = make_event(client, "Night two", "2026-11-12")
    club = make_club(client, first)
    renamed = {"name": "  Friday   club ", "minimum": "5"}
    changed = client.post(f"{club}/change", data=renamed, headers={**EN, **headers})
    if headers:
        html = changed.get_data(as_text=True)
        assert changed.status_code == 200 and 'id="club-page"' in html and "<html" not in html  # the block alone
        assert "Ranked from 5 finished games." in text(changed)
    else:
        assert changed.status_code == 303 and changed.headers["Location"].endswith(club)
    first_id, other_id = first.rsplit("/", 1)[-1], other.rsplit("/", 1)[-1]
    assert clubs_stored(app) == [("Friday club", 5, 0, [first_id])]
    assert f'<option value="{other_id}">Night two' in client.get(club).get_data(as_text=True)
    assert client.post(f"{club}/nights", data={"add": other_id}, headers=headers).status_code in (200, 303)
    assert client.post(f"{club}/nights", data={"remove": first_id}, headers=headers).status_code in (200, 303)
    assert clubs_stored(app) == [("Friday club", 5, 0, [other_id])]
    assert client.post(f"{club}/close", data={"closed": "1"}, headers=headers).status_code in (200, 303)
    refused = client.post(f"{club}/nights", data={"add": first_id}, headers={**EN, **headers})
    assert refused.status_code == 422 and "This club is closed" in text(refused)
    assert clubs_stored(app) == [("Friday club", 5, 1, [other_id])]
    started = client.post("/events", data={"name": "Night three", "club": club.rsplit("/", 1)[-1]}, headers=EN)
    assert started.status_code == 422 and "or it is closed" in text(started)


def test_a_watcher_sees_the_season_and_changes_nothing(client, other_phone, app):
    first = make_event(client)
    club = make_club(client, first)
    mine = make_event(other_phone, "Their night")
    page = other_phone.get(club, headers=EN)
    assert page.status_code == 200 and 'id="club-manage"' not in page.get_data(as_text=True)
    assert other_phone.get(f"{club}/season.csv").status_code == 200
    before = clubs_stored(app)
    for path, data in [
        ("change", {"name": "Mine now", "minimum": "1"}),
        ("nights", {"remove": first.rsplit("/", 1)[-1]}),
        ("nights", {"add": mine.rsplit("/", 1)[-1]}),
        ("close", {"closed": "1"}),
    ]:
        for headers in ({}, HX):
            refused = other_phone.post(f"{club}/{path}", data=data, headers={**EN, **headers})
            assert refused.status_code == 403, path
            assert "Only the phone that made this club" in text(refused)
    started = other_phone.post("/events", data={"name": "Sneaky", "club": club.rsplit("/", 1)[-1]}, headers=EN)
    assert started.status_code == 422 and "That club is not one of yours" in text(started)
    assert 'id="season"' not in other_phone.get(first).get_data(as_text=True).split('id="event-exports"')[0]
    assert clubs_stored(app) == before


def test_a_night_another_phone_organises_is_not_put_in_a_season(client, other_phone, app):
    club = make_club(client)
    theirs = make_event(other_phone, "Their night")
    refused = client.post(f"{club}/nights", data={"add": theirs.rsplit("/", 1)[-1]}, headers=EN)
    assert refused.status_code == 422 and "Only the organiser of that club night" in text(refused)
    made = make_club(client, theirs, name="Taken")  # a night not theirs to give: the club is made without it
    assert clubs_stored(app) == [("Thursday club", 3, 0, []), ("Taken", 3, 0, [])]
    assert client.post(f"{made}/nights", data={"add": "no-such-night"}).status_code == 422


def test_the_admin_changes_any_club(client, other_phone, app):
    club = make_club(client)
    app.config["ADMIN_PASSWORD"] = "cœur à pique"
    assert other_phone.post("/admin", data={"password": "cœur à pique"}).status_code == 303
    assert other_phone.post(f"{club}/change", data={"name": "Renamed", "minimum": "4"}).status_code == 303
    assert clubs_stored(app) == [("Renamed", 4, 0, [])]


@pytest.mark.parametrize(
    "name, minimum, said",
    [
        ("", "3", "Give the club a name."),
        ("\u3164\u200b", "3", "Give the club a name."),
        ("x" * 81, "3", "at most 80 characters"),
        ("Club\u202enight", "3", "control or text-direction character"),
        ("Club", "0", "a whole number from 1 to 50"),
        ("Club", "51", "a whole number from 1 to 50"),
        ("Club", "2.5", "a whole number from 1 to 50"),
        ("Club", "9" * 5000, "a whole number from 1 to 50"),
    ],
)
@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
def test_bad_input_is_said_and_nothing_is_stored(client, app, name, minimum, said, headers):
    refused = client.post("/clubs", data={"name": name, "minimum": minimum}, headers={**EN, **headers})
    assert refused.status_code == 422 and said in text(refused)
    assert clubs_stored(app) == []
    club = make_club(client)
    changed = client.post(f"{club}/change", data={"name": name, "minimum": minimum}, headers={**EN, **headers})
    assert changed.status_code == 422 and said in text(changed)
    assert clubs_stored(app) == [("Thursday club", 3, 0, [])]


def test_one_address_cannot_make_clubs_without_limit_on_any_worker(app, client, tmp_path):
    app.config["CLUB_CREATE_LIMIT"] = "3 per hour"
    make_club(client)
    make_club(client)
    # another process over the same store (another worker) counts the same address with this one
    there = elsewhere(app, tmp_path, [("POST", "/clubs", {"name": "Elsewhere"})] * 2, CLUB_CREATE_LIMIT="3 per hour")
    assert there == [303, 429]
    refused = client.post("/clubs", data={"name": "Fourth"}, headers=EN)
    assert refused.status_code == 429 and "Too many clubs made from here" in text(refused)
    assert len(clubs_stored(app)) == 3


@pytest.mark.parametrize(
    "lang, title, below, heading",
    [
        ("en", "Thursday club — season", "Not yet ranked", "Ranked from 3 finished games."),
        ("fr", "Thursday club — saison", "Pas encore classés", "Classé à partir de 3 parties terminées."),
        ("de", "Thursday club — Saison", "Noch nicht gewertet", "Gewertet ab 3 beendeten Partien."),
    ],
)
def test_the_season_as_csv_and_pdf_in_the_pages_language(season, engine, lang, title, below, heading):
    client, (club, _first, _second) = season(engine)
    asked = {"Accept-Language": lang}
    exported = client.get(f"{club}/season.csv", headers=asked)
    assert exported.status_code == 200 and exported.mimetype == "text/csv"
    read = list(csv.reader(io.StringIO(exported.get_data(as_text=True))))
    assert read == [["rank", "player", "games", "won", "average"], *RANKED, ["", *BELOW[0]]]
    sheet = client.get(f"{club}/season.pdf?paper=a4", headers=asked)
    assert sheet.status_code == 200 and sheet.mimetype == "application/pdf"
    reader = PdfReader(io.BytesIO(sheet.get_data()))
    said = " ".join(" ".join(p.extract_text().split()) for p in reader.pages)
    assert reader.metadata.title == title
    best, second, fourth = RANKED[0][1], RANKED[1][1], BELOW[0][0]
    for words in (title, below, heading, best, fourth, "Night one", "Night two"):
        assert words in said, words
    assert said.index(best) < said.index(second) < said.index(below) < said.index(fourth)
    assert client.get(f"{club}/season.pdf?paper=a0").status_code == 422


def test_the_season_page_speaks_german(client):
    club = make_club(client, make_event(client), headers=DE)
    said = text(client.get(club, headers=DE))
    assert "Saison" in said and "Noch niemand hat die Mindestzahl an Partien gespielt." in said


def test_a_season_keeps_so_many_nights_and_says_so(client, app, monkeypatch):
    monkeypatch.setattr("scorekeeper.clubs.MAX_NIGHTS", 1)
    first, second = make_event(client, "Night one"), make_event(client, "Night two")
    club = make_club(client, first)
    refused = client.post(f"{club}/nights", data={"add": second.rsplit("/", 1)[-1]}, headers=EN)
    assert refused.status_code == 422 and "all the nights it may have (1)" in text(refused)
    assert clubs_stored(app)[0][3] == [first.rsplit("/", 1)[-1]]
