"""The store in the app: SQLite (a file path, the default) or PostgreSQL (a postgresql:// URL in
SCOREKEEPER_DATABASE) behind one interface (dbapi.Database). The store, history and views speak only to it,
and to `write()`, one change all or nothing.

Each request takes a connection from its process's pool on first use and gives it back when it ends.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator

import click
from flask import current_app, g, has_request_context
from flask.cli import with_appcontext

from . import live
from .dbapi import Database, is_postgresql, shown

__all__ = [
    "Database",
    "close_db",
    "connect",
    "get_db",
    "init_app",
    "is_postgresql",
    "migrate",
    "without_connection",
    "write",
]

_lock = threading.Lock()


def _engine(location: str):
    """The engine's module for the store at `location` (each has connect, migrate and Pool); PostgreSQL's is
    imported only when used."""
    if is_postgresql(location):
        from . import db_postgresql

        return db_postgresql
    from . import db_sqlite

    return db_sqlite


def connect(location: str) -> Database:
    """A connection of its own to the store at `location` (a file path or a postgresql:// URL)."""
    return _engine(location).connect(location)


def migrate(location: str) -> None:
    """Bring the store up to the current schema (schema.py), whichever the engine; two servers starting at
    once make it once."""
    _engine(location).migrate(location)


def new_pool(location: str, wait: float = 15.0):
    """A process's connections to the store, kept open between requests (take, give, close); a change waits
    up to `wait` seconds for another change of its game, or for a connection, before the store is busy."""
    return _engine(location).Pool(location, wait)


def _pool(app):
    """The app's pool for its database (a new one if the database or the wait changed)."""
    with _lock:
        pool = app.extensions.get("scorekeeper.pool")
        wanted = (app.config["DATABASE"], app.config["STORE_WAIT_SECONDS"])
        if pool is None or (pool.path, pool.wait) != wanted:
            if pool is not None:
                pool.close()
            pool = app.extensions["scorekeeper.pool"] = new_pool(*wanted)
        return pool


def get_db() -> Database:
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
def without_connection() -> Iterator[None]:
    """While the request waits for something other than the store (a long poll's news, the turn of a second),
    it holds no connection: this one goes back to its pool, and the next get_db takes one again."""
    close_db()
    yield


@contextlib.contextmanager
def write(db: Database, game_id: str | None = None) -> Iterator[Database]:
    """One change, all or nothing. Two phones (or two app servers) changing a game at once are served one
    after the other: the second sees what the first stored (`game_id` names the game to hold). What the request
    gave to go with its first write (g.with_the_write) goes in that transaction. What the change touched
    (db.touch) is told once, after it has committed (live/)."""
    touched = db.touched = set()
    try:
        with db.transaction(game_id):
            yield db
            for step in g.pop("with_the_write", ()) if has_request_context() else ():
                step(db)  # in the same transaction: what a request stores is counted once it is (space.py)
            live.announce(db, sorted(touched))  # PostgreSQL: a NOTIFY, sent by the server at commit
    finally:
        db.touched = None
    live.tell(sorted(touched), db)


@click.command("init-db")
@with_appcontext
def init_db_command():
    """Create or upgrade the database."""
    migrate(current_app.config["DATABASE"])
    click.echo(f"Database ready: {shown(current_app.config['DATABASE'])}")


def busy(exc: Exception) -> bool:
    """Whether an error of the store's driver says it was busy or out of reach (not a fault of ours): a lock
    or a connection not had within STORE_WAIT_SECONDS, a server gone or restarting."""
    return _engine(current_app.config["DATABASE"]).busy(exc)


def init_app(app) -> None:
    """Migrate the store on start and give connections back after each request."""
    migrate(app.config["DATABASE"])
    app.teardown_appcontext(close_db)
    app.cli.add_command(init_db_command)
