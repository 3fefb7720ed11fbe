"""What the store may grow by: the bytes one address stores in an hour (games started, imported and rematched,
rounds), counted in the store for every server sharing it; and the whole server's ceiling, past which new games
are refused while the games being played go on."""

from __future__ import annotations

import json
from collections import namedtuple

import pytest

from scorekeeper import create_app, space
from tests import pick
from tests.conftest import TEST_CONFIG
from tests.samples import enter, post_round, sample, setup_fields, start

from .helpers import game_count, reading, stored, text

pytestmark = pytest.mark.two_engines  # each test runs on SQLite and on PostgreSQL

EN = {"Accept-Language": "en"}
FR = {"Accept-Language": "fr"}
DE = {"Accept-Language": "de"}
DOCUMENT = sample(pick.game()).GAME  # any game's sample
FIRST = pick.posts(DOCUMENT, 1)  # the steps of its first round
NEW_GAME, NEW = f"/new/{DOCUMENT['rules']}", setup_fields(DOCUMENT)  # its new-game form, filled in


def counted(app, address: str = "127.0.0.1") -> int:
    """The bytes the store counts for `address` this hour."""
    with reading(app) as db:
        row = db.execute("select bytes from stored_bytes where address = ?", [address]).fetchone()
        return int(row[0]) if row else 0


def rounds_of(app, url: str) -> int:
    """How many rounds the game at `url` has stored."""
    return len(stored(app, url).game.rounds)


def first_round(client, url: str, headers=None):
    """Post the first round of DOCUMENT, step by step; the last answer."""
    for step, fields in FIRST:
        response = post_round(client, url, 1, step, fields, headers)
    return response


def refused_in_each_language(client, status: int, words: tuple[str, str, str]) -> None:
    """A new game is refused with `status`, saying `words` (English, French, German) and when to ask again."""
    for headers, said in zip((EN, FR, DE), words, strict=True):
        refused = client.post(NEW_GAME, data=NEW, headers=headers)
        assert refused.status_code == status and said in text(refused)
        assert 0 < int(refused.headers["Retry-After"]) <= 3600


def test_an_address_that_stored_its_hour_is_refused_and_another_address_is_not(app, client, other_phone):
    url = start(client, DOCUMENT)
    app.config["STORED_PER_ADDRESS_HOUR"] = counted(app)  # the game just started took this address's hour
    games = game_count(app)
    said = (
        "This address has stored all it may in an hour",
        "Cette adresse a enregistré tout ce qu’elle peut en une heure",
        "Von dieser Adresse wurde in einer Stunde so viel gespeichert",
    )
    refused_in_each_language(client, 429, said)
    imported = client.post("/games/import", data=json.dumps(DOCUMENT), content_type="application/json")
    assert imported.status_code == 429
    assert first_round(client, url, EN).status_code == 429 and rounds_of(app, url) == 0  # nothing stored
    assert game_count(app) == games
    elsewhere = other_phone.post(NEW_GAME, data=NEW, environ_base={"REMOTE_ADDR": "192.168.1.21"})
    assert elsewhere.status_code == 303  # another address has its own hour


def test_the_count_of_an_address_holds_on_every_server_sharing_the_store(app, client):
    client.post(NEW_GAME, data=NEW)
    app.config["STORED_PER_ADDRESS_HOUR"] = counted(app)
    second = create_app({**TEST_CONFIG, "DATABASE": app.config["DATABASE"], "STORED_PER_ADDRESS_HOUR": counted(app)})
    assert second.test_client().post(NEW_GAME, data=NEW).status_code == 429  # counted on the first


def test_an_import_counts_its_bytes(app, client):
    document = sample(DOCUMENT["rules"]).full_game()
    body = json.dumps(document, indent=20)  # a file of a few KB, counted as sent
    assert len(body) > 2 * space.LEAST
    assert client.post("/games/import", data=body, content_type="application/json").status_code == 303
    assert counted(app) >= len(body)
    app.config["STORED_PER_ADDRESS_HOUR"] = counted(app) + space.LEAST  # room for a new game, not that file again
    assert client.post("/games/import", data=body, content_type="application/json").status_code == 429
    assert client.post(NEW_GAME, data=NEW).status_code == 303


def test_a_refused_round_counts_nothing(app, client):
    url = start(client, DOCUMENT)
    before = counted(app)
    step, _fields = FIRST[0]
    assert post_round(client, url, 1, step, {}).status_code == 422  # nothing tapped: nothing stored
    assert counted(app) == before
    first_round(client, url)
    assert counted(app) > before


def test_a_club_night_behind_one_address_stays_far_below_the_hour(app, client):
    enter(client, DOCUMENT)  # a table's game, as its phone sends it: the game started, each round's steps
    per_table = counted(app) * 40 / len(DOCUMENT["rounds"])  # an evening's 40 rounds at this table's rate
    assert per_table > 0
    assert 100 * per_table < app.config["STORED_PER_ADDRESS_HOUR"] / 4  # the default, four times what it needs


def test_a_full_store_refuses_new_games_in_the_pages_language_and_the_games_being_played_go_on(app, client):
    url = start(client, DOCUMENT)
    app.config["STORE_MAX_BYTES"] = 1
    games = game_count(app)
    said = (
        "storage is full: no new game can be started or imported",
        "Le stockage du serveur est plein",
        "Der Speicher des Servers ist voll",
    )
    refused_in_each_language(client, 507, said)
    assert client.post("/games/import", data=json.dumps(DOCUMENT), content_type="application/json").status_code == 507
    assert game_count(app) == games
    assert first_round(client, url).status_code == 303 and rounds_of(app, url) == 1


@pytest.fixture
def disk(monkeypatch, engine):
    """The free space the SQLite store's disk reports, set by the test (PostgreSQL's disk is its server's)."""
    if engine == "postgresql":
        pytest.skip("the free space of a PostgreSQL server's disk is not the app's to see")
    usage = namedtuple("usage", "total used free")
    free = {"bytes": 10**12}
    monkeypatch.setattr(space.shutil, "disk_usage", lambda path: usage(2 * 10**12, 10**12, free["bytes"]))
    return free


def test_a_disk_near_its_floor_refuses_new_games_then_rounds_which_stay_on_the_phone(app, client, disk):
    url = start(client, DOCUMENT)
    floor = app.config["STORE_DISK_FLOOR"]
    disk["bytes"] = floor - 1
    assert client.post(NEW_GAME, data=NEW).status_code == 507
    assert first_round(client, url).status_code == 303 and rounds_of(app, url) == 1  # the evening goes on
    disk["bytes"] = floor // 4 - 1
    step, fields = pick.posts(DOCUMENT, 2)[0]
    refused = post_round(client, url, 2, step, fields, EN)
    assert refused.status_code == 503 and "this round was not stored" in text(refused)  # offline.js keeps it
    assert int(refused.headers["Retry-After"]) > 0 and rounds_of(app, url) == 1
