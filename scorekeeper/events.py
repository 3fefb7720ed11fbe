"""Club nights in the store: an event, the phones that made or joined it, the games started for it with their
summaries. Every SQL statement about events is here, written so that SQLite and PostgreSQL both take it
(standard SQL, `?` placeholders, integers for flags).

An event's version moves on, in the same transaction, with every change to one of its games, so the phones
watching the event wait on one number however many tables it has (as a watching phone waits on its game's).
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

from .db import Database, write
from .leaderboard import Finish, finish_of
from .rules import N_, Invalid, problem
from .rules.setup import unprintable, visible
from .rules.unseen import player_key

MAX_NAME = 80  # an event's name: a line on the page and the sheet
MAX_GAMES = 2000  # games started for one event: a venue of 300 tables playing six or seven games each
LISTED = 50  # events a phone's home page lists (its latest)
PREFIX = "event:"  # a watch key that names an event (live/), never a game id (those are URL-safe base64)


class Closed(Exception):
    """The event takes no new games (closed, or `gone`: no such event)."""

    def __init__(self, event_id: str, gone: bool = False):
        super().__init__(event_id)
        self.gone = gone


class Full(Closed):
    """The event has all the games it may have (MAX_GAMES)."""


@dataclass
class Event:
    """A club night as stored."""

    id: str
    name: str
    day: str  # ISO date
    created: str
    updated: str
    closed: bool
    version: int


@dataclass
class Table:
    """One game of the event: which game, when, its table's number and summary (summaries.summarize; None if
    the game is invalid)."""

    id: str
    rules: str
    created: str
    number: int  # the table's number in the event, in the order they started
    version: int  # the game's
    summary: dict | None
    stale: bool = False  # its summary is missing or older than the game


def watch_key(event_id: str) -> str:
    """What the phones watching an event wait on (live/)."""
    return PREFIX + event_id


NO_NAME = N_("Give the club night a name.")


def clean_name(raw: str | None, missing: str = NO_NAME) -> str:
    """An event's name (or a club's: `missing` says what is unnamed) as typed, spacing folded; Invalid says what is
    wrong with it."""
    name = " ".join((raw or "").split())
    if not visible(name):
        raise Invalid([problem(missing, field="name")])
    if len(name) > MAX_NAME:
        raise Invalid([problem(N_("The name is too long: at most %(max)d characters."), max=MAX_NAME, field="name")])
    if unprintable(name):
        raise Invalid(
            [
                problem(
                    N_("The name holds a control or text-direction character: type it again without it."), field="name"
                )
            ]
        )
    return name


def clean_day(raw: str | None, today: date) -> str:
    """An event's date (YYYY-MM-DD, today when left empty); Invalid says what is wrong with it."""
    text = (raw or "").strip()[:20]
    if not text:
        return today.isoformat()
    try:
        return date.fromisoformat(text).isoformat()
    except ValueError:
        raise Invalid([problem(N_("The date %(value)s is not a date."), value=text, field="day")]) from None


# -- the event itself ------------------------------------------------------------------------------


def _row(row: dict) -> Event:
    """An Event from its row."""
    return Event(
        row["id"], row["name"], row["day"], row["created"], row["updated"], bool(row["closed"]), int(row["version"])
    )


def create(db: Database, name: str, day: str, device: str, stamp: str) -> str:
    """Store a new event (name and day already cleaned); `device` is its maker."""
    event_id = secrets.token_urlsafe(9)
    with write(db):
        db.execute(
            "insert into events (id, name, day, created, updated, closed, version) values (?, ?, ?, ?, ?, 0, 1)",
            [event_id, name, day, stamp, stamp],
        )
        _grant(db, device, event_id, "owner", stamp)
    return event_id


def load(db: Database, event_id: str) -> Event | None:
    """The event with that id, or None."""
    rows = list(db.query("select * from events where id = ?", [event_id[:40]]))
    return _row(rows[0]) if rows else None


def version(db: Database, event_id: str) -> int | None:
    """Just the event's version: the cheap question a watching phone asks."""
    rows = list(db.query("select version from events where id = ?", [event_id[:40]]))
    return int(rows[0]["version"]) if rows else None


def change(db: Database, event_id: str, stamp: str, **columns) -> None:
    """Rename, close or reopen an event (`name`, `closed`), moving its version on."""
    assigned = ", ".join(f"{column} = ?" for column in columns)
    values = [int(v) if isinstance(v, bool) else v for v in columns.values()]
    with write(db):
        db.execute(
            f"update events set {assigned}, updated = ?, version = version + 1 where id = ?",
            [*values, stamp, event_id],
        )
        db.touch(watch_key(event_id))


def bump(db: Database, event_id: str) -> None:
    """One of the event's games changed: move the event's version on (inside that change's transaction); its
    watchers are told once it commits."""
    db.execute("update events set version = version + 1 where id = ?", [event_id])
    db.touch(watch_key(event_id))


def admit(db: Database, event_id: str) -> int:
    """Inside the transaction that starts a game for the event: refuse it if the event is closed or gone, else
    the new table's number (the update comes first: on PostgreSQL it locks the event's row, so two tables
    starting at once get two numbers)."""
    bumped = list(
        db.query(
            "update events set version = version + 1, started = started + 1 "
            "where id = ? and closed = 0 and started < ? returning started",
            [event_id, MAX_GAMES],
        )
    )
    if not bumped:
        rows = list(db.query("select closed from events where id = ?", [event_id]))
        if not rows or rows[0]["closed"]:
            raise Closed(event_id, gone=not rows)
        raise Full(event_id)
    db.touch(watch_key(event_id))
    return int(bumped[0]["started"])


# -- the phones that made or joined it -------------------------------------------------------------


def _grant(db: Database, device: str, event_id: str, role: str, stamp: str) -> None:
    """Remember a phone's part in an event (inside a transaction); its maker stays its owner."""
    rows = list(db.query("select role from event_access where device = ? and event_id = ?", [device, event_id]))
    if not rows:
        db.execute(
            "insert into event_access (device, event_id, role, seen) values (?, ?, ?, ?)",
            [device, event_id, role, stamp],
        )
    elif rows[0]["role"] != "owner":
        db.execute(
            "update event_access set role = ?, seen = ? where device = ? and event_id = ?",
            [role, stamp, device, event_id],
        )


def join(db: Database, device: str, event_id: str, stamp: str) -> None:
    """Put the event in this phone's list (a table that opened the join link)."""
    with write(db):
        _grant(db, device, event_id, "member", stamp)


def role(db: Database, device: str | None, event_id: str) -> str | None:
    """The phone's part in the event: "owner", "member" or None."""
    if not device:
        return None
    rows = list(db.query("select role from event_access where device = ? and event_id = ?", [device, event_id]))
    return rows[0]["role"] if rows else None


def mine(db: Database, device: str | None, open_only: bool = False) -> list[Event]:
    """The events this phone made or joined, latest date first."""
    if not device:
        return []
    closed = " and e.closed = 0" if open_only else ""
    rows = db.query(
        "select e.* from events e join event_access a on a.event_id = e.id "
        f"where a.device = ?{closed} order by e.day desc, e.created desc limit {LISTED}",
        [device],
    )
    return [_row(row) for row in rows]


def every(db: Database, limit: int) -> list[tuple[Event, int]]:
    """Every event on the server (the admin's list), latest date first, at most `limit`; each with how many
    games were started for it."""
    rows = db.query(f"select * from events order by day desc, created desc limit {int(limit)}")
    return [(_row(row), int(row["started"] or 0)) for row in rows]


def delete(db: Database, event_id: str) -> None:
    """Delete an event and who had joined it; its games are kept, as games of no event (what the tables
    played stays theirs). Its watchers are told (their next answer: no such event)."""
    with write(db):
        db.execute("update games set event_id = null, event_table = null where event_id = ?", [event_id])
        db.execute("delete from event_access where event_id = ?", [event_id])
        db.execute("delete from events where id = ?", [event_id])
        db.touch(watch_key(event_id))


def of_games(db: Database, game_ids: list[str]) -> list[Event]:
    """The events these games were played in (a player's page), latest date first."""
    found: dict[str, Event] = {}
    for start in range(0, len(game_ids), 500):
        ids = game_ids[start : start + 500]
        marks = ",".join("?" * len(ids))
        query = f"select distinct e.* from events e join games g on g.event_id = e.id where g.id in ({marks})"
        found.update((row["id"], _row(row)) for row in db.query(query, ids))
    return sorted(found.values(), key=lambda e: (e.day, e.created), reverse=True)


def of_club(db: Database, club_id: str) -> list[Event]:
    """A club's nights (clubs.py), in the order they were held."""
    rows = db.query("select * from events where club_id = ? order by day, created, id", [club_id])
    return [_row(row) for row in rows]


# -- its tables ------------------------------------------------------------------------------------


def tables(db: Database, event_id: str) -> list[Table]:
    """The event's games in the order they started, each with its stored summary; `stale` when the summary is
    missing or older than its game (the game changed since): the caller makes those again (refresh)."""
    rows = db.query(
        "select g.id, g.rules, g.created, g.event_table, g.version, s.version as summarized, s.data from games g "
        "left join summaries s on s.game_id = g.id where g.event_id = ? order by g.event_table, g.id",
        [event_id],
    )
    found = []
    for row in rows:
        stale = row["summarized"] != row["version"]
        data = None if stale else _parsed(row["id"], row["version"], row["data"])
        summary = data if data and not data.get("invalid") else None
        number, version_ = int(row["event_table"] or 0), int(row["version"])
        found.append(Table(row["id"], row["rules"], row["created"], number, version_, summary, stale))
    return found


@lru_cache(maxsize=2048)  # a venue's games, each at its latest version: an event's page parses only what changed
def _parsed(game_id: str, version_: int, text: str) -> dict:
    """A stored summary read (shared between requests: never changed)."""
    return json.loads(text)


def finishes(found: list[Table]) -> list[Finish]:
    """The standings of the event's finished games, for the leaderboard, each player under one spelling all
    night (first_spellings): a board that named a player as the first finished table spelled them ("anne")
    renamed them when an earlier table finished ("Anne")."""
    spelled = first_spellings(found)
    return [
        Finish(tuple(tuple(spelled.get(player_key(n), n) for n in side) for side in finish.sides), finish.ranks)
        for table in found
        if table.summary and (finish := finish_of(table.summary))
    ]


def first_spellings(found: list[Table]) -> dict[str, str]:
    """Each player's key -> their name as the first table (in the order they started) seating them spells it,
    finished or not: a spelling that does not change as tables finish, nor when a later table spells it anew."""
    spelled: dict[str, str] = {}
    for table in found:
        for name in (table.summary or {}).get("players", []):
            spelled.setdefault(player_key(name), " ".join(name.split()))
    return spelled
