"""Clubs in the store: a club groups its nights (events) into a season (RULES.md section 7), ranked with the club's
minimum of games. Every SQL statement about clubs is here, in SQL both engines take (as in events.py).

A club's version moves on with each change of the club itself (its name, minimum, nights, closing); the season's
ranking is kept per club version and per version of each of its nights (views/clubs.py), so a round saved at one
table of one night works out that night again, not the season's every night.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from .db import Database, write
from .events import Event, clean_name, of_club
from .rules import N_, Invalid, problem

DEFAULT_MINIMUM = 3  # finished games a player needs to be ranked in the season, unless the club sets another
MINIMUM_RANGE = (1, 50)
MAX_NIGHTS = 400  # nights one club's season holds: a weekly club for seven years
LISTED = 50  # clubs a phone's pages offer (its latest)
NO_NAME = N_("Give the club a name.")
BAD_MINIMUM = N_("The minimum of games must be a whole number from %(lo)d to %(hi)d.")


@dataclass
class Club:
    """A club as stored."""

    id: str
    name: str
    owner: str  # the device that made it: its organiser
    minimum: int
    created: str
    updated: str
    closed: bool
    version: int


def _row(row: dict) -> Club:
    """A Club from its row."""
    return Club(
        row["id"],
        row["name"],
        row["owner"],
        int(row["minimum"]),
        row["created"],
        row["updated"],
        bool(row["closed"]),
        int(row["version"]),
    )


def clean_minimum(raw: str | None) -> int:
    """The season's minimum of games as typed (the default when left empty); Invalid says what is wrong with it."""
    text = (raw or "").strip()[:10]
    if not text:
        return DEFAULT_MINIMUM
    lo, hi = MINIMUM_RANGE
    if not text.isdigit() or not lo <= int(text) <= hi:
        raise Invalid([problem(BAD_MINIMUM, lo=lo, hi=hi, field="minimum")])
    return int(text)


def clean(name: str | None, minimum: str | None) -> tuple[str, int]:
    """A club's name and minimum as typed, cleaned; Invalid lists what is wrong with either."""
    problems, cleaned_name, cleaned_minimum = [], "", DEFAULT_MINIMUM
    try:
        cleaned_name = clean_name(name, NO_NAME)
    except Invalid as exc:
        problems += exc.problems
    try:
        cleaned_minimum = clean_minimum(minimum)
    except Invalid as exc:
        problems += exc.problems
    if problems:
        raise Invalid(problems)
    return cleaned_name, cleaned_minimum


def create(db: Database, name: str, minimum: int, device: str, stamp: str) -> str:
    """Store a new club (name and minimum already cleaned); `device` is its organiser."""
    club_id = secrets.token_urlsafe(9)
    with write(db):
        db.execute(
            "insert into clubs (id, name, owner, minimum, created, updated, closed, version) "
            "values (?, ?, ?, ?, ?, ?, 0, 1)",
            [club_id, name, device, minimum, stamp, stamp],
        )
    return club_id


def load(db: Database, club_id: str) -> Club | None:
    """The club with that id, or None."""
    rows = list(db.query("select * from clubs where id = ?", [club_id[:40]]))
    return _row(rows[0]) if rows else None


def mine(db: Database, device: str | None, open_only: bool = False) -> list[Club]:
    """The clubs this phone organises, latest first."""
    if not device:
        return []
    closed = " and closed = 0" if open_only else ""
    rows = db.query(f"select * from clubs where owner = ?{closed} order by created desc limit {LISTED}", [device])
    return [_row(row) for row in rows]


def change(db: Database, club_id: str, stamp: str, **columns) -> None:
    """Rename a club, set its minimum, close or reopen it (`name`, `minimum`, `closed`), moving its version on."""
    assigned = ", ".join(f"{column} = ?" for column in columns)
    values = [int(v) if isinstance(v, bool) else v for v in columns.values()]
    with write(db):
        db.execute(
            f"update clubs set {assigned}, updated = ?, version = version + 1 where id = ?", [*values, stamp, club_id]
        )


def of_event(db: Database, event_id: str) -> Club | None:
    """The club a night belongs to, or None."""
    rows = list(db.query("select c.* from clubs c join events e on e.club_id = c.id where e.id = ?", [event_id[:40]]))
    return _row(rows[0]) if rows else None


def nights(db: Database, club_id: str) -> list[Event]:
    """The club's nights, in the order they were held (the first first)."""
    return of_club(db, club_id)


def add_night(db: Database, club_id: str, event_id: str, stamp: str) -> bool:
    """Put a night in the club (taking it from any other club); False when the club already has all the nights it
    may have. The club's row is updated first: on PostgreSQL it holds it, so two nights added at once are counted."""
    with write(db):
        db.execute("update clubs set updated = ?, version = version + 1 where id = ?", [stamp, club_id])
        rows = list(db.query("select count(*) as n from events where club_id = ? and id <> ?", [club_id, event_id]))
        if int(rows[0]["n"]) >= MAX_NIGHTS:
            return False
        moved = "update clubs set version = version + 1 where id = (select club_id from events where id = ?)"
        db.execute(moved, [event_id])  # the club it leaves, if any, changes too
        db.execute("update events set club_id = ? where id = ?", [club_id, event_id])
    return True


def remove_night(db: Database, club_id: str, event_id: str, stamp: str) -> None:
    """Take a night out of the club (the night itself stays as it was)."""
    with write(db):
        db.execute("update clubs set updated = ?, version = version + 1 where id = ?", [stamp, club_id])
        db.execute("update events set club_id = null where id = ? and club_id = ?", [event_id, club_id])
