"""Rate limits counted in the app's own store (the table `rate_limits`), so that a limit holds for every worker
of every server that shares the store: a `limits` storage, which Flask-Limiter takes as `scorekeeper://`
(RATELIMIT_STORAGE_URI; an operator may give Redis or another store of `limits` there instead).

Each count is a fixed window: it starts at an address's first request and lasts the limit's period, so "60 per
minute" lets 60 through in the minute after the first. Counting is one statement (an upsert) on either engine,
atomic however many workers and servers count at once; rows of windows long over are deleted as counting goes.
"""

from __future__ import annotations

import time

from flask import has_app_context
from limits.storage import Storage

from . import db as database

PRUNE_EVERY = 60.0  # seconds between two deletions of windows that are over, per process

COUNT = (
    "insert into rate_limits (name, hits, expires) values (?, ?, ?) on conflict (name) do update set "
    "hits = case when rate_limits.expires <= ? then excluded.hits else rate_limits.hits + excluded.hits end, "
    "expires = case when rate_limits.expires <= ? then excluded.expires else rate_limits.expires end "
    "returning hits"
)


class StoreCounts(Storage):
    """The counts of Flask-Limiter's fixed windows, in the store of the app that is counting."""

    STORAGE_SCHEME = ["scorekeeper"]  # noqa: RUF012  (the base class declares it as it is)

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, **options) -> None:
        """Nothing to connect to: each count uses the connection of the request it counts."""
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        self.pruned = 0.0

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        """The store's errors are the app's to answer (a busy store: 503), not wrapped."""
        return ()

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        """Count `amount` hits on `key`, a new window of `expiry` seconds if the last is over; the count."""
        now = time.time()
        store = database.get_db()
        self._prune(store, now)
        limit, running = limit_in(key), self._row(key)
        if limit is not None and running is not None and running["hits"] >= limit:
            # already past its limit: refused with a read only, so a flood of refused requests writes nothing
            return int(running["hits"]) + amount
        row = store.execute(COUNT, [key, amount, now + expiry, now, now]).fetchone()
        return int(row[0])

    def _row(self, key: str) -> dict | None:
        """The key's window, if one is running."""
        rows = database.get_db().query(
            "select hits, expires from rate_limits where name = ? and expires > ?", [key, time.time()]
        )
        return next(rows, None)

    def get(self, key: str) -> int:
        """The hits counted in the key's running window (0 when none runs)."""
        row = self._row(key)
        return int(row["hits"]) if row else 0

    def get_expiry(self, key: str) -> float:
        """When the key's window ends (now when none runs)."""
        row = self._row(key)
        return float(row["expires"]) if row else time.time()

    def check(self) -> bool:
        """Whether the store answers."""
        database.get_db().execute("select 1").fetchone()
        return True

    def reset(self) -> int | None:
        """Forget every count of the current app's store (outside an app there is no store, and nothing to forget)."""
        if not has_app_context():
            return None
        return database.get_db().execute("delete from rate_limits").rowcount

    def clear(self, key: str) -> None:
        """Forget one key's count."""
        database.get_db().execute("delete from rate_limits where name = ?", [key])

    def _prune(self, store: database.Database, now: float) -> None:
        """Delete the windows that are over, once a minute per process: the table holds only running ones."""
        if now - self.pruned < PRUNE_EVERY:
            return
        self.pruned = now
        store.execute("delete from rate_limits where expires <= ?", [now])


def limit_in(key: str) -> int | None:
    """The number of hits a key's limit allows, as `limits` writes it in the key (".../60/1/minute"); None if the
    key says it otherwise (then every hit is counted in the store, as it is below the limit)."""
    try:
        return int(key.rsplit("/", 3)[-3])
    except (IndexError, ValueError):
        return None
