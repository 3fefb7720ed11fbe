"""The store's one interface, two engines (db_sqlite, db_postgresql): SQL with `?` placeholders that both
engines accept, a few table helpers, and a transaction that holds the game it changes."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator
from typing import Any
from urllib.parse import urlsplit, urlunsplit


def is_postgresql(location: str) -> bool:
    """Whether the configured database is a PostgreSQL URL (else it is an SQLite file's path)."""
    return location.startswith(("postgresql://", "postgres://"))


def shown(location: str) -> str:
    """The location as it may be printed: a URL's password hidden."""
    parts = urlsplit(location)
    if parts.password is None:
        return location
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


class Database:
    """A connection to the store, whichever the engine. SQL uses `?` placeholders; rows read by `query` are
    dicts, those of `execute` tuples."""

    engine = ""
    conn: Any  # the driver's own connection (sqlite3 or psycopg), for the engine's own code and its tests
    touched: set[str] | None = None  # what the change under way touched (db.write tells it once it commits)
    path: str | None = None  # an SQLite store's file (db.write rings the other processes watching it)

    def query(self, sql: str, params: Iterable = ()) -> Iterator[dict]:
        """The rows of a select, as dicts."""
        raise NotImplementedError

    def execute(self, sql: str, params: Iterable = ()) -> Any:
        """Run one statement; the cursor (fetchone, fetchall: tuples; rowcount)."""
        raise NotImplementedError

    def insert(self, table: str, row: dict) -> None:
        """Insert one row."""
        self.insert_all(table, [row])

    def insert_all(self, table: str, rows: list[dict]) -> None:
        """Insert rows that all have the same columns."""
        raise NotImplementedError

    def update(self, table: str, key: dict, values: dict) -> None:
        """Set `values` in the row whose primary key is `key` ({column: value})."""
        raise NotImplementedError

    def upsert(self, table: str, row: dict, pk: tuple[str, ...]) -> None:
        """Insert the row, or set its other columns where one with the same `pk` columns exists."""
        raise NotImplementedError

    def transaction(self, game_id: str | None) -> contextlib.AbstractContextManager:
        """One transaction; while it lasts, no other changes that game (`game_id`), or any game on SQLite."""
        raise NotImplementedError

    def touch(self, key: str) -> None:
        """Note that the change under way touched what `key` names (a game's id, or a club night's:
        events.watch_key): its watchers are told once the change commits, never if it rolls back (db.write)."""
        if self.touched is None:
            raise RuntimeError("a change is touched inside db.write only")
        self.touched.add(key)

    def table_names(self) -> list[str]:
        """The tables of the store."""
        raise NotImplementedError

    def columns(self, table: str) -> list[str]:
        """The columns of a table that hold what is stored, in order (rowid, the engine's row number, aside)."""
        raise NotImplementedError

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()
