"""The SQLite store: one connection per request (from a few kept open), the schema by migrations, one
transaction per change."""

from __future__ import annotations

import collections
import contextlib
import sqlite3
import threading

import click
import sqlite_utils
from flask import current_app, g
from flask.cli import with_appcontext
from sqlite_utils import Migrations

migrations = Migrations("scorekeeper")
_lock = threading.Lock()


@migrations()
def m001_games(db: sqlite_utils.Database):
    """Games hold what was set up; rounds hold what was said at the table, one row each."""
    db.table("games").create(
        {
            "id": str,
            "rules": str,
            "options": str,
            "players": str,
            "first_dealer": int,
            "created": str,
            "updated": str,
            "version": int,
            "draft": str,
            "finished": int,
            "score_token": str,
        },
        pk="id",
        not_null={"rules", "players"},
    )
    db.table("rounds").create(
        {"game_id": str, "number": int, "data": str, "created": str},
        pk=("game_id", "number"),
        foreign_keys=[("game_id", "games", "id")],
    )
    db.table("access").create(
        {"device": str, "game_id": str, "role": str, "token": str, "seen": str},
        pk=("device", "game_id"),
        foreign_keys=[("game_id", "games", "id")],
    )
    db.table("access").create_index(["game_id"])
    db.table("games").create_index(["updated"])


@migrations()
def m002_summaries(db: sqlite_utils.Database):
    """What history and the players' pages read of each game, derived from it and made again at each version."""
    db.execute(
        "create table summaries (game_id text primary key references games(id) on delete cascade, "
        "version integer not null, keys text not null, data text not null)"
    )


def connect(path: str) -> sqlite_utils.Database:
    """A connection in autocommit mode (transactions are explicit), foreign keys on, WAL; a writer waits up to
    15 s for another's transaction (`timeout` is SQLite's busy timeout: no PRAGMA needed for it)."""
    conn = sqlite3.connect(path, isolation_level=None, timeout=15, check_same_thread=False)
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA synchronous = NORMAL")
    return sqlite_utils.Database(conn)


IDLE_CONNECTIONS = 8  # per process: a worker's requests at once, about; more are opened and closed as needed


class Pool:
    """Connections to one database file, kept open between requests: opening one (a connect, three statements
    and sqlite-utils' set-up) cost a quarter of a millisecond, twice in a watching phone's ask, which answers in
    0.4 ms without it; and closing the last one to a WAL file checkpoints it with two fsyncs (make bench: a
    save's p50 74 -> 11 ms once one stayed open)."""

    def __init__(self, path: str):
        self.path = path
        self.idle: collections.deque[sqlite_utils.Database] = collections.deque()
        self.closed = False

    def take(self) -> sqlite_utils.Database:
        """An idle connection, or a new one."""
        try:
            return self.idle.pop()
        except IndexError:
            return connect(self.path)

    def give(self, db: sqlite_utils.Database, failed: bool = False) -> None:
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


def _pool(app) -> Pool:
    """The app's pool for its database file (a new one if the file changed)."""
    with _lock:
        pool = app.extensions.get("scorekeeper.pool")
        if pool is None or pool.path != app.config["DATABASE"]:
            if pool is not None:
                pool.close()
            pool = app.extensions["scorekeeper.pool"] = Pool(app.config["DATABASE"])
        return pool


def get_db() -> sqlite_utils.Database:
    """This request's connection, taken on first use and given back (to the pool it came from) when the
    request ends."""
    if "db" not in g:
        g.db_pool = _pool(current_app)
        g.db = g.db_pool.take()
    return g.db


def close_db(exc: BaseException | None = None) -> None:
    """Give this request's connection back, if it took one (closed instead if the request failed)."""
    db, pool = g.pop("db", None), g.pop("db_pool", None)
    if db is not None and pool is not None:
        pool.give(db, failed=exc is not None)


@contextlib.contextmanager
def write(db: sqlite_utils.Database):
    """One change, all or nothing; IMMEDIATE so two phones saving at once are served one after the other."""
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.conn.execute("ROLLBACK")
        raise
    db.conn.execute("COMMIT")


def migrate(path: str) -> None:
    """Bring the database file up to the current schema (WAL is a property of the file, set once)."""
    db = connect(path)
    try:
        db.conn.execute("PRAGMA journal_mode = WAL")
        migrations.apply(db)
    finally:
        db.conn.close()


@click.command("init-db")
@with_appcontext
def init_db_command():
    """Create or upgrade the database."""
    migrate(current_app.config["DATABASE"])
    click.echo(f"Database ready: {current_app.config['DATABASE']}")


def init_app(app) -> None:
    """Migrate the store on start and close connections after each request."""
    migrate(app.config["DATABASE"])
    app.teardown_appcontext(close_db)
    app.cli.add_command(init_db_command)
