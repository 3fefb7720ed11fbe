"""The store's schema, one list of migrations for both engines (CONTRIBUTING.md, "The schema").

A migration is a function of a `Database` that runs SQL both engines accept (`@both`); it is applied once
to each store, in the order written here, and recorded by its name: by sqlite-utils' Migrations on SQLite
(table `_sqlite_migrations`), in the table `schema_migrations` on PostgreSQL, under an advisory lock. Only
the first, written before PostgreSQL came, has a form of its own for each engine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import sqlite_utils

from .dbapi import Database


@dataclass
class Migration:
    """One step of the schema: `run` on either engine (SQL both accept), or a form of its own for each."""

    name: str
    run: Callable[[Database], None] | None = None
    sqlite: Callable[[sqlite_utils.Database], None] | None = None  # given sqlite-utils' Database
    postgresql: Callable[[Database], None] | None = None


MIGRATIONS: list[Migration] = []

# Every table that holds what is stored, parents before children: what copy-store copies
# (tests/test_copy_store.py fails while a table of the schema is missing here).
TABLES = [
    "clubs",
    "events",
    "event_access",
    "draws",
    "games",
    "rounds",
    "access",
    "summaries",
    "rate_limits",
    "admin_sessions",
    "stored_bytes",
]


def both(fn: Callable[[Database], None]) -> Callable[[Database], None]:
    """Register a migration whose SQL both engines accept, under its function's name."""
    MIGRATIONS.append(Migration(fn.__name__, run=fn))
    return fn


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


def m001_games_postgresql(db: Database) -> None:
    """The same tables on PostgreSQL. `rowid` is SQLite's own row number (the order games were stored in,
    which history's ties fall back on): PostgreSQL has none, so it gets a column of that name."""
    db.execute(
        "create table games (id text primary key, rules text not null, options text, players text not null, "
        "first_dealer integer, created text, updated text, version integer, draft text, finished integer, "
        "score_token text, rowid bigint generated always as identity)"
    )
    db.execute(
        "create table rounds (game_id text references games(id), number integer, data text, created text, "
        "primary key (game_id, number))"
    )
    db.execute(
        "create table access (device text, game_id text references games(id), role text, token text, "
        "seen text, primary key (device, game_id))"
    )
    db.execute("create index idx_access_game_id on access (game_id)")
    db.execute("create index idx_games_updated on games (updated)")


MIGRATIONS.append(Migration("m001_games", sqlite=m001_games, postgresql=m001_games_postgresql))


@both
def m002_summaries(db: Database) -> None:
    """What history and the players' pages read of each game, derived from it and made again at each version."""
    db.execute(
        "create table summaries (game_id text primary key references games(id) on delete cascade, "
        "version integer not null, keys text not null, data text not null)"
    )


@both
def m003_events(db: Database) -> None:
    """Club nights (events.py): an event groups the games started for it and numbers their tables; its version
    moves on with any of them. The phones that made or joined it."""
    db.execute(
        "create table events (id text primary key, name text not null, day text not null, created text not null, "
        "updated text not null, closed integer not null default 0, version integer not null default 1, "
        "started integer not null default 0)"
    )
    db.execute(
        "create table event_access (device text not null, event_id text not null references events(id) "
        "on delete cascade, role text not null, seen text not null, primary key (device, event_id))"
    )
    db.execute("alter table games add column event_id text references events(id)")
    db.execute("alter table games add column event_table integer")  # its table's number in the event: 1, 2...
    db.execute("create index idx_games_event_id on games (event_id)")


@both
def m004_rematch(db: Database) -> None:
    """A finished game remembers its rematch, so a rematch tapped twice starts one game."""
    db.execute("alter table games add column rematch text")


@both
def m005_rate_limits(db: Database) -> None:
    """Rate limits counted for every worker of every server (ratelimits.py): a window per limit and address, its
    hits and when it ends (seconds since 1970); the ended ones are deleted as counting goes."""
    db.execute(
        "create table rate_limits (name text primary key, hits integer not null, expires double precision not null)"
    )
    db.execute("create index idx_rate_limits_expires on rate_limits (expires)")


@both
def m006_admin_sessions(db: Database) -> None:
    """The admin's sign-ins (admin_sessions.py): the id a browser's cookie names and when it ends (seconds since
    1970); signing out deletes its row, so a copied cookie is refused by every worker of every server."""
    db.execute("create table admin_sessions (id text primary key, ends double precision not null)")


@both
def m007_draws(db: Database) -> None:
    """A club night's seating draws (event_draws.py): each as it was drawn (the players present, the games, the
    organiser's options, the tables), numbered in the evening's order, with the seed it was drawn from."""
    db.execute(
        "create table draws (event_id text not null references events(id) on delete cascade, number integer not null, "
        "seed integer not null, created text not null, data text not null, primary key (event_id, number))"
    )


@both
def m008_stored_bytes(db: Database) -> None:
    """The bytes each address stored in its current hour (space.py), for every worker of every server: the count
    and when its hour ends (seconds since 1970); the ended ones are deleted as counting goes."""
    db.execute(
        "create table stored_bytes (address text primary key, bytes integer not null, ends double precision not null)"
    )


@both
def m009_clubs(db: Database) -> None:
    """Clubs (clubs.py): a club groups its nights into a season, ranked with its minimum of games; the phone that
    made it is its organiser. A night belongs to one club at most (`events.club_id`)."""
    db.execute(
        "create table clubs (id text primary key, name text not null, owner text not null, "
        "minimum integer not null default 3, created text not null, updated text not null, "
        "closed integer not null default 0, version integer not null default 1)"
    )
    db.execute("create index idx_clubs_owner on clubs (owner)")
    db.execute("alter table events add column club_id text references clubs(id)")
    db.execute("create index idx_events_club_id on events (club_id)")


@both
def m010_changes(db: Database) -> None:
    """A game's changes (RULES.md section 8: who came, sat out, left...) as a JSON list; null when none."""
    db.execute("alter table games add column changes text")


@both
def m011_summaries_by_last_holder(db: Database) -> None:
    """A summary names a seat handed over under its last holder (RULES.md section 8): those written before, of
    games with a hand-over, are dropped, and history and club nights make them again as they are read."""
    db.execute("delete from summaries where game_id in (select id from games where changes like ?)", ['%"seat"%'])
