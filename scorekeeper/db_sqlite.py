"""The SQLite engine (the default): a database file in WAL mode through sqlite-utils; one connection per
request from a few kept open, the schema by sqlite-utils' migrations, one IMMEDIATE transaction per change."""

from __future__ import annotations

import collections
import contextlib
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator

import sqlite_utils
from sqlite_utils import Migrations
from sqlite_utils.db import SQLITE_MAX_VARS, NotFoundError, PrimaryKeyRequired, jsonify_if_needed, quote_identifier

from .dbapi import Database
from .schema import MIGRATIONS

BATCH = 100  # rows an insert statement takes at most, and never more than SQLITE_MAX_VARS values: sqlite-utils' own


def _names(columns: Iterable[str]) -> str:
    """Column names, quoted."""
    return ", ".join(quote_identifier(name) for name in columns)


class SQLite(Database):
    """A connection to an SQLite file, through sqlite-utils."""

    engine = "sqlite"

    def __init__(self, db: sqlite_utils.Database, path: str | None = None):
        self.db = db
        self.conn = db.conn
        self.path = path

    def query(self, sql: str, params: Iterable = ()) -> Iterator[dict]:
        """The rows of a select, as dicts."""
        return self.db.query(sql, list(params))

    def execute(self, sql: str, params: Iterable = ()) -> sqlite3.Cursor:
        """Run one statement; its cursor."""
        return self.db.execute(sql, list(params))

    def insert_all(self, table: str, rows: list[dict]) -> None:
        """Insert rows, as sqlite-utils' insert_all does into a table that exists: each batch one statement (at
        most 999 values), a column a row lacks NULL, values stored as it stores them; without its look at the
        table's columns (a round's insert: 52 -> 18 µs)."""
        columns = list(dict.fromkeys(name for row in rows for name in row))
        if not columns:  # no rows, or rows without a value (every column its default)
            for _ in rows:
                self.conn.execute(f"insert into {quote_identifier(table)} default values")
            return
        one = f"({', '.join('?' * len(columns))})"
        into = f"insert into {quote_identifier(table)} ({_names(columns)}) values "
        size = max(1, min(BATCH, SQLITE_MAX_VARS // len(columns)))
        for start in range(0, len(rows), size):
            batch = rows[start : start + size]
            values = [jsonify_if_needed(row.get(name)) for row in batch for name in columns]
            self.conn.execute(into + ", ".join([one] * len(batch)), values)

    def update(self, table: str, key: dict, values: dict) -> None:
        """Set `values` in the row whose primary key is `key`; NotFoundError, nothing changed, if there is no such
        row (as sqlite-utils' update, without its look at the table and its select first: 116-166 -> 12 µs)."""
        where = " and ".join(f"{quote_identifier(name)} = ?" for name in key)
        if not values:  # nothing to set: only whether the row is there
            found = self.conn.execute(f"select 1 from {quote_identifier(table)} where {where}", list(key.values()))
            if found.fetchone() is None:
                raise NotFoundError
            return
        sets = ", ".join(f"{quote_identifier(name)} = ?" for name in values)
        params = [*map(jsonify_if_needed, values.values()), *key.values()]
        if not self.conn.execute(f"update {quote_identifier(table)} set {sets} where {where}", params).rowcount:
            raise NotFoundError

    def upsert(self, table: str, row: dict, pk: tuple[str, ...]) -> None:
        """Insert the row, or set its other columns where one with the same primary key exists (one statement, as
        sqlite-utils' upsert writes it); a primary key column left empty is refused as it refuses it."""
        if any(row.get(name) is None for name in pk):
            raise PrimaryKeyRequired(f"upsert() requires a value for the primary key: {', '.join(pk)}")
        others = [name for name in row if name not in pk]
        change = ", ".join(f"{quote_identifier(name)} = excluded.{quote_identifier(name)}" for name in others)
        statement = (
            f"insert into {quote_identifier(table)} ({_names(row)}) values ({', '.join('?' * len(row))}) "
            f"on conflict({_names(pk)}) {f'do update set {change}' if others else 'do nothing'}"
        )
        self.conn.execute(statement, [jsonify_if_needed(value) for value in row.values()])

    @contextlib.contextmanager
    def transaction(self, game_id: str | None = None) -> Iterator[SQLite]:
        """IMMEDIATE: the file's one writer at a time, so two phones saving at once are served one after the
        other (the second waits up to 15 s; `game_id` needs no lock of its own)."""
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield self
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    def table_names(self) -> list[str]:
        """The tables, sqlite-utils' record of migrations aside."""
        return [name for name in self.db.table_names() if not name.startswith("_")]

    def columns(self, table: str) -> list[str]:
        """The table's columns, in order."""
        return list(self.db.table(table).columns_dict)


def busy(exc: Exception) -> bool:
    """Whether SQLite gave up waiting for another writer (its busy timeout), rather than failing otherwise."""
    return isinstance(exc, sqlite3.OperationalError) and ("locked" in str(exc) or "busy" in str(exc))


def connect(path: str, wait: float = 15.0) -> SQLite:
    """A connection in autocommit mode (transactions are explicit), foreign keys on, WAL; a writer waits up to
    `wait` seconds for another's transaction (`timeout` is SQLite's busy timeout: no PRAGMA needed for it)."""
    conn = sqlite3.connect(path, isolation_level=None, timeout=wait, check_same_thread=False)
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA synchronous = NORMAL")
    return SQLite(sqlite_utils.Database(conn), path)


IDLE_CONNECTIONS = 8  # per process: a worker's requests at once, about; more are opened and closed as needed


class Pool:
    """Connections to one database file, kept open between requests: opening one (a connect, three statements
    and sqlite-utils' set-up) cost a quarter of a millisecond, twice in a watching phone's ask, which answers in
    0.4 ms without it; and closing the last one to a WAL file checkpoints it with two fsyncs (make bench: a
    save's p50 74 -> 11 ms once one stayed open)."""

    def __init__(self, path: str, wait: float = 15.0):
        self.path, self.wait = path, wait
        self.idle: collections.deque[SQLite] = collections.deque()
        self.closed = False

    def take(self) -> SQLite:
        """An idle connection, or a new one."""
        try:
            return self.idle.pop()
        except IndexError:
            return connect(self.path, self.wait)

    def give(self, db: SQLite, failed: bool = False) -> None:
        """Take a connection back once its request is done. One whose request failed is closed: a query it
        was reading may still hold an old snapshot of the file (a cursor kept alive by the exception's
        traceback), and so is one left inside a transaction, or one of a pool closed meanwhile."""
        if failed or db.conn.in_transaction or self.closed or len(self.idle) >= IDLE_CONNECTIONS:
            db.conn.close()
        else:
            self.idle.append(db)

    def close(self) -> None:
        """Close the idle connections (the app now uses another file); any given back later is closed too."""
        self.closed = True
        while True:
            try:
                self.idle.pop().conn.close()
            except IndexError:
                return


def migrations() -> Migrations:
    """The schema's migrations as sqlite-utils applies and records them."""
    found = Migrations("scorekeeper")
    for step in MIGRATIONS:
        if step.sqlite is not None:
            found(name=step.name)(step.sqlite)
        elif step.run is not None:
            found(name=step.name)(_on_sqlite(step.run))
    return found


def _on_sqlite(run: Callable[[Database], None]) -> Callable[[sqlite_utils.Database], None]:
    """A migration written for either engine, run on sqlite-utils' connection."""

    def step(db: sqlite_utils.Database) -> None:
        run(SQLite(db))

    return step


def _wal(db: SQLite, wait: float = 15.0) -> None:
    """Put the file in WAL mode. Servers starting at once on a new file ask together, and SQLite refuses the
    switch at once ("database is locked") rather than through its busy timeout: ask again for `wait` seconds."""
    deadline = time.monotonic() + wait
    while True:
        try:
            db.conn.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if not busy(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)


def migrate(path: str) -> None:
    """Bring the database file up to the current schema (WAL is a property of the file, set once). The
    migrations run inside one IMMEDIATE transaction (each in a savepoint of it): a second server starting at
    the same time waits for it, then finds them applied."""
    db = connect(path)
    try:
        _wal(db)
        with db.transaction():
            migrations().apply(db.db)
    finally:
        db.conn.close()
