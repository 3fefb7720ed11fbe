"""The SQLite engine's table helpers (insert_all, update, upsert) store what sqlite-utils' own stored, refuse what
it refused, and write each change in one statement, asking nothing of the table's schema on the way (a round's
save paid sqlite-utils' look at the table: 116-166 µs an update, 52 an insert)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from sqlite_utils.db import NotFoundError, PrimaryKeyRequired

from scorekeeper import db as database
from tests import pick
from tests.conftest import fresh_store

GAME = {"id": "g1", "rules": pick.game(), "players": '["Anne", "Zoë"]', "created": "2026-11-28", "version": 1}


@pytest.fixture
def db(tmp_path, empty_store):
    """A connection to a fresh SQLite store holding one game, and the statements it runs from then on."""
    conn = database.connect(fresh_store(empty_store, tmp_path))
    conn.insert("games", GAME)
    conn.said = []
    conn.conn.set_trace_callback(conn.said.append)
    yield conn
    conn.close()


def rows(db, sql: str) -> list[dict]:
    """What a select reads back."""
    return list(db.query(sql))


def test_rows_are_inserted_in_batches_a_missing_column_null_and_values_stored_as_text(db):
    many = [{"game_id": "g1", "number": n, "data": {"bids": [n, 0]}} for n in range(1, 251)]
    many[7] = {"game_id": "g1", "number": 8, "data": ["ok"], "created": "2026-11-28"}
    db.insert_all("rounds", many)
    db.insert_all("rounds", [])
    assert len([statement for statement in db.said if statement.lower().startswith("insert")]) == 3  # 100 rows each
    stored = rows(db, "select * from rounds order by number")
    assert len(stored) == 250
    assert stored[0] == {"game_id": "g1", "number": 1, "data": '{"bids": [1, 0]}', "created": None}
    assert stored[7] == {"game_id": "g1", "number": 8, "data": '["ok"]', "created": "2026-11-28"}


def test_a_failed_batch_stores_none_of_its_rows(db):
    with pytest.raises(Exception, match="UNIQUE"):
        db.insert_all("rounds", [{"game_id": "g1", "number": 1}, {"game_id": "g1", "number": 1}])
    assert rows(db, "select * from rounds") == []


def test_an_update_sets_the_rows_values_and_refuses_a_row_that_is_not_there(db):
    db.update("games", {"id": "g1"}, {"version": 2, "options": {"hands": [1, 2]}, "finished": Decimal("1")})
    stored = rows(db, "select version, options, finished from games")
    assert stored == [{"version": 2, "options": '{"hands": [1, 2]}', "finished": 1}]
    with pytest.raises(NotFoundError):
        db.update("games", {"id": "nowhere"}, {"version": 9})
    with pytest.raises(NotFoundError):
        db.update("games", {"id": "nowhere"}, {})
    db.update("games", {"id": "g1"}, {})
    assert rows(db, "select version from games") == [{"version": 2}]


def test_an_upsert_inserts_then_sets_the_other_columns_and_needs_its_whole_key(db):
    row = {"device": "phone", "game_id": "g1", "role": "scorer", "token": None, "seen": "1"}
    db.upsert("access", row, ("device", "game_id"))
    db.upsert("access", {**row, "role": "owner", "seen": "2"}, ("device", "game_id"))
    assert rows(db, "select role, seen from access") == [{"role": "owner", "seen": "2"}]
    db.upsert("access", {"device": "phone", "game_id": "g1"}, ("device", "game_id"))  # nothing else to set
    assert rows(db, "select role, seen from access") == [{"role": "owner", "seen": "2"}]
    with pytest.raises(PrimaryKeyRequired):
        db.upsert("access", {**row, "device": None}, ("device", "game_id"))
    assert len(rows(db, "select * from access")) == 1


def test_each_change_is_one_statement_that_asks_nothing_of_the_schema(db):
    db.insert("rounds", {"game_id": "g1", "number": 1, "data": "{}"})
    db.update("rounds", {"game_id": "g1", "number": 1}, {"data": "[]"})
    db.upsert("access", {"device": "phone", "game_id": "g1", "role": "owner", "seen": "1"}, ("device", "game_id"))
    assert [statement.split()[0].lower() for statement in db.said] == ["insert", "update", "insert"]
