"""What the store may grow by: the bytes one address may store in an hour (STORED_PER_ADDRESS_HOUR), counted in
the store itself so that the count holds for every worker of every server sharing it, and the whole server's
ceiling (STORE_MAX_BYTES, the most the store may hold; STORE_DISK_FLOOR, the free space its disk keeps).

Past an address's hour, whatever it would store is refused with 429 and Retry-After. At the ceiling, new games
(started, imported, rematched) are refused with 507; the rounds of the games being played go on until the disk's
free space is down to a quarter of the floor (then 503, which a phone takes as "not reached": it keeps the round
and sends it again), so that an evening under way ends on the server it started on."""

from __future__ import annotations

import functools
import os
import shutil
import time
from collections.abc import Callable

from flask import current_app, g, request
from werkzeug.exceptions import HTTPException, ServiceUnavailable, TooManyRequests

from . import db
from .dbapi import is_postgresql
from .i18n import gettext
from .kept import MB
from .rules import N_

HOUR = 3600
LEAST = 1024  # bytes counted for anything stored, however short its request: its rows, summary and indexes
RETRY_FULL = 600  # seconds a refused phone is told to wait when the store is full: an operator must act
ADDRESS_FULL = N_(
    "This address has stored all it may in an hour (%(megabytes)d MB): try again later. Nothing was stored."
)
SERVER_FULL = N_(
    "The server's storage is full: no new game can be started or imported for now. "
    "The games being played go on; tell the organiser."
)
DISK_FULL = N_(
    "The server's disk is full: this round was not stored. It stays on this phone and is sent again later; "
    "tell the organiser."
)
PRUNE_EVERY = 60.0  # seconds between two deletions of the hours that are over, per process
COUNT = (  # one fixed hour from an address's first count: atomic on either engine, however many count at once
    "insert into stored_bytes (address, bytes, ends) values (?, ?, ?) on conflict (address) do update set "
    "bytes = case when stored_bytes.ends <= ? then excluded.bytes else stored_bytes.bytes + excluded.bytes end, "
    "ends = case when stored_bytes.ends <= ? then excluded.ends else stored_bytes.ends end"
)
pruned = [0.0]  # when this process last deleted the hours that are over


class Full(HTTPException):
    """507 Insufficient Storage, saying when to ask again (errors.handle sends it as Retry-After)."""

    code = 507
    description = "The server's storage is full."
    retry_after = RETRY_FULL


def _setting(name: str) -> int:
    """A size setting in bytes (settings.py has converted it; 0: none)."""
    return current_app.config[name]


def _address() -> str:
    """Whose hour a request counts in: its address (the socket's, or a trusted proxy's word: guard.py)."""
    return (request.remote_addr or "")[:64]


def _size() -> int:
    """What this request would store, counted as its body (at least LEAST bytes)."""
    return max(LEAST, request.content_length or len(request.get_data(cache=True, parse_form_data=False)))


def _refuse_past_the_hour() -> None:
    """429 if this request would take its address past the bytes it may store in an hour."""
    limit = _setting("STORED_PER_ADDRESS_HOUR")
    if not limit:
        return
    now = time.time()
    rows = db.get_db().query("select bytes, ends from stored_bytes where address = ? and ends > ?", [_address(), now])
    hour = next(rows, None)
    if hour is not None and int(hour["bytes"]) + _size() > limit:
        message = gettext(ADDRESS_FULL, megabytes=max(1, limit // MB))
        raise TooManyRequests(message, retry_after=max(1, int(float(hour["ends"]) - now) + 1))


def _count(store) -> None:
    """Count what this request stores against its address's hour, in the transaction that stores it (db.write):
    a request refused, or that stored nothing, counts nothing. The hours over are deleted once a minute."""
    now = time.time()
    if now - pruned[0] > PRUNE_EVERY:
        pruned[0] = now
        store.execute("delete from stored_bytes where ends <= ?", [now])
    store.execute(COUNT, [_address(), _size(), now + HOUR, now, now])


def store_size() -> int:
    """The bytes the store holds: the SQLite file and its write-ahead log, or the PostgreSQL database."""
    location = current_app.config["DATABASE"]
    if is_postgresql(location):
        return int(db.get_db().execute("select pg_database_size(current_database())").fetchone()[0])
    return sum(os.path.getsize(p) for p in (location, location + "-wal") if os.path.exists(p))


def disk_free() -> int | None:
    """The free bytes of the disk holding an SQLite store (None on PostgreSQL: its disk is its server's)."""
    location = current_app.config["DATABASE"]
    if is_postgresql(location):
        return None
    return shutil.disk_usage(os.path.dirname(os.path.abspath(location))).free


def _refuse_new_games_when_full() -> None:
    """507 once the store holds STORE_MAX_BYTES, or its disk has less than STORE_DISK_FLOOR free."""
    ceiling = _setting("STORE_MAX_BYTES")
    free = disk_free()
    if (ceiling and store_size() >= ceiling) or (free is not None and free < _setting("STORE_DISK_FLOOR")):
        raise Full(gettext(SERVER_FULL))


def _refuse_rounds_when_the_disk_is_full() -> None:
    """503 once the disk's free space is under a quarter of STORE_DISK_FLOOR: a round is kept on the phone."""
    free = disk_free()
    if free is not None and free < _setting("STORE_DISK_FLOOR") // 4:
        raise ServiceUnavailable(gettext(DISK_FULL), retry_after=RETRY_FULL)


def _stores(room: Callable[[], None]):
    """A decorator for a route that stores something: `room()` may refuse it first, then the address's hour;
    what it stores counts against the hour."""

    def decorate(view):
        @functools.wraps(view)
        def guarded(*args, **kwargs):
            room()
            _refuse_past_the_hour()
            g.with_the_write = [_count]
            try:
                return view(*args, **kwargs)
            finally:
                g.pop("with_the_write", None)

        return guarded

    return decorate


stores_a_game = _stores(_refuse_new_games_when_full)  # a new game: started, imported or rematched
stores_a_round = _stores(_refuse_rounds_when_the_disk_is_full)  # a round, or its bids
