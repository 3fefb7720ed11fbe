"""The store on either engine (each test runs on SQLite and on PostgreSQL): what was said at the table comes
back as it was said, and two phones or two app servers changing a game at once never store a round twice,
lose one or lose a change; the schema is made once however many servers start together."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from werkzeug.datastructures import MultiDict

from scorekeeper import db as database
from scorekeeper import forms, phones, rules, store
from scorekeeper.rules import Game
from scorekeeper.schema import MIGRATIONS
from tests import pick
from tests.conftest import fresh_store
from tests.samples import normalised, sample

pytestmark = pytest.mark.two_engines  # each test runs on SQLite and on PostgreSQL

RULES_ID = pick.game(pick.bids_first)  # a round's bids are kept as a draft until its tricks come
GAME = sample(RULES_ID).GAME
PLAYERS: list[str] = list(GAME["players"])
OPTIONS: dict = dict(GAME["options"])
FIRST, SECOND = normalised(GAME)[:2]
OTHER_FIRST = sample(RULES_ID).OTHER_FIRST


def bids_of(rnd: dict) -> dict:
    """Round 1's first step as its form posts it and the store keeps it: its bids."""
    game = Game(RULES_ID, PLAYERS, OPTIONS, 0, [])
    (step, fields), *_ = sample(RULES_ID).posts(rnd, GAME)
    return forms.read(RULES_ID, MultiDict(fields), step, forms.context(game, rules.play(game), None, None, 1))


BIDS, OTHER_BIDS = bids_of(FIRST), bids_of(OTHER_FIRST)


@pytest.fixture
def location(engine, tmp_path, empty_store) -> str:
    """A fresh store of the test's engine: a file's path or a PostgreSQL URL."""
    return fresh_store(empty_store, tmp_path, engine)


@pytest.fixture
def db(location):
    """A connection to it (one phone's server)."""
    conn = database.connect(location)
    yield conn
    conn.close()


def new_game(db) -> str:
    """The sample's game, no round played yet, stored."""
    return store.create(db, Game(RULES_ID, list(PLAYERS), dict(OPTIONS), 0, []), "a-phone")


def at_once(location: str, count: int, change: Callable) -> list:
    """Run `change(db)` `count` times at once, each on a connection of its own (another server's); what
    each returned or raised."""
    results: list = [None] * count
    start = threading.Barrier(count)

    def run(k: int) -> None:
        conn = database.connect(location)
        try:
            start.wait()
            results[k] = change(conn)
        except Exception as exc:
            results[k] = exc
        finally:
            conn.close()

    threads = [threading.Thread(target=run, args=(k,)) for k in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return results


def test_a_game_comes_back_as_it_was_stored(db):
    game_id = new_game(db)
    first = FIRST
    store.add_round(db, game_id, 1, first)
    found = store.load(db, game_id)
    assert found.game.players == PLAYERS and found.version == 2
    assert {name: found.game.options[name] for name in OPTIONS} == OPTIONS
    assert len(found.game.rounds) == 1 and {k: found.game.rounds[0][k] for k in first} == first
    assert found.draft is None and not found.finished
    assert store.version(db, game_id) == 2 and store.load(db, "no-such-game") is None
    assert [row["id"] for row in phones.listing(db, "a-phone")] == [game_id]


def test_a_round_sent_twice_is_stored_once(db):
    game_id = new_game(db)
    store.add_round(db, game_id, 1, FIRST)
    with pytest.raises(store.AlreadySaved):
        store.add_round(db, game_id, 1, FIRST)
    assert len(store.load(db, game_id).game.rounds) == 1 and store.version(db, game_id) == 2


def test_the_same_round_sent_at_once_to_two_servers_is_stored_once(db, location):
    game_id = new_game(db)
    results = at_once(location, 2, lambda conn: store.add_round(conn, game_id, 1, FIRST))
    assert sorted(type(r).__name__ for r in results) == ["AlreadySaved", "Stored"]
    assert len(store.load(db, game_id).game.rounds) == 1 and store.version(db, game_id) == 2


def test_two_different_rounds_at_once_store_one_and_tell_the_other(db, location):
    game_id = new_game(db)
    rounds = [FIRST, OTHER_FIRST]
    results = at_once(location, 2, lambda conn: store.add_round(conn, game_id, 1, rounds.pop()))
    assert sorted(type(r).__name__ for r in results) == ["Conflict", "Stored"]
    assert len(store.load(db, game_id).game.rounds) == 1


def test_changes_made_at_once_on_many_servers_are_each_kept(db, location):
    """Eight bids saved at once, each on its own connection: each reads the game after the one before it
    committed, so the version counts every one of them (none overwrote another's)."""
    game_id = new_game(db)
    results = at_once(location, 8, lambda conn: store.save_draft(conn, game_id, 1, "bids", BIDS, None))
    assert all(isinstance(r, store.Stored) for r in results), results
    assert store.version(db, game_id) == 1 + 8


def test_a_stale_page_is_refused_and_nothing_is_stored(db):
    game_id = new_game(db)
    store.add_round(db, game_id, 1, FIRST)
    with pytest.raises(store.Conflict) as refused:
        store.add_round(db, game_id, 3, SECOND)
    assert "1" in str(refused.value) and store.version(db, game_id) == 2  # it has 1 round


def test_bids_replaced_on_another_phone_are_noticed(db):
    game_id = new_game(db)
    stored = store.save_draft(db, game_id, 1, "bids", BIDS, "")
    token = store.draft_token(stored, 1)
    assert OTHER_BIDS != BIDS
    store.save_draft(db, game_id, 1, "bids", OTHER_BIDS, token)  # another phone, meanwhile
    with pytest.raises(store.Conflict):
        store.add_round(db, game_id, 1, FIRST, seen_draft=token)
    assert store.load(db, game_id).game.rounds == []


def test_undo_and_correction_check_what_the_page_showed(db):
    game_id = new_game(db)
    store.add_round(db, game_id, 1, FIRST)
    shown = store.load(db, game_id).game.rounds[0]
    with pytest.raises(store.Conflict):
        store.undo_round(db, game_id, 1, {**shown, "changed": True})
    with pytest.raises(store.Conflict):
        store.replace_round(db, game_id, 1, {**shown, "changed": True}, OTHER_FIRST)
    corrected = store.replace_round(db, game_id, 1, shown, OTHER_FIRST)
    assert corrected.game.rounds[0] != shown
    undone = store.undo_round(db, game_id, 1, corrected.game.rounds[0])
    assert undone.game.rounds == [] and store.undone(store.load(db, game_id)) == corrected.game.rounds[0]


def test_a_deleted_game_leaves_nothing_behind(db):
    game_id = new_game(db)
    store.add_round(db, game_id, 1, FIRST)
    store.delete(db, game_id)
    assert store.load(db, game_id) is None
    for table in ("rounds", "access"):
        assert db.execute(f"select count(*) from {table} where game_id = ?", [game_id]).fetchone()[0] == 0


def test_servers_starting_together_on_an_empty_store_make_the_schema_once(engine, tmp_path):
    if engine == "postgresql":
        from tests import postgresql

        location = postgresql.empty_store()
    else:
        location = str(tmp_path / "new.sqlite")
    results = at_once(location, 4, lambda conn: database.migrate(location))
    assert results == [None] * 4, results
    conn = database.connect(location)
    try:
        assert {"games", "rounds", "access", "summaries"} <= set(conn.table_names())
        if engine == "postgresql":
            names = [r[0] for r in conn.execute("select name from schema_migrations order by name").fetchall()]
        else:
            names = [r[0] for r in conn.execute("select name from _sqlite_migrations order by name").fetchall()]
        assert names == sorted(step.name for step in MIGRATIONS)
        assert new_game(conn)
    finally:
        conn.close()
