"""Live notices: the phones watching a game or a club night wait for its next version (long polling), and are
told when a change of it has committed.

One interface, whichever the engine:
- a change notes what it touched (`Database.touch(key)`, inside `db.write`); once it commits, `db.write` tells
  each key once (`tell`): this process's watchers wake at once, the other processes hear of it (a doorbell
  on SQLite, NOTIFY on PostgreSQL, which `announce` sends inside the change so that it goes at commit);
- a waiting request waits on its key (`wait`), holding no database connection (the views' `news_after`,
  views/polls.py);
- per process and store one thread notices changes made elsewhere: `sqlite.Watch` looks at the file when
  rung and every TICK, `postgresql.Listener` LISTENs. `watchers.Watchers` is what both share.

A key is a game's id, or a club night's (events.watch_key: "event:" and its id).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable

from ..dbapi import Database, is_postgresql
from .sqlite import Watch, ring
from .watchers import Watchers

_watches: dict[str, Watchers] = {}
_lock = threading.Lock()


def watch(location: str) -> Watchers:
    """The watch of one store (a file, or a PostgreSQL database), made on first use."""
    with _lock:
        found = _watches.get(location)
        if found is None:
            if is_postgresql(location):
                from .postgresql import Listener  # psycopg is imported only where PostgreSQL is used

                found = Listener(location)
            else:
                found = Watch(location)
            _watches[location] = found
        return found


def forget(location: str) -> None:
    """Watch a store no more (a test's, once it is over): its thread ends at once rather than after IDLE seconds
    of looking at a store nobody will use again, and a later wait makes a new watch."""
    with _lock:
        found = _watches.pop(location, None)
    if found is not None:
        found.close()


def wait(location: str, key: str, seen: int, timeout: float) -> bool:
    """Wait until what `key` names moves on from version `seen`, or `timeout` seconds; whether it did."""
    return watch(location).wait(key, seen, timeout)


def announce(db: Database, keys: Iterable[str]) -> None:
    """Inside a change about to commit: say to the other app servers what it touched (on PostgreSQL, a NOTIFY
    that goes at commit; on SQLite the doorbells ring after it, in `tell`)."""
    if db.engine == "postgresql":
        from .postgresql import notify

        for key in keys:
            notify(db, key)


def tell(keys: Iterable[str], db: Database | None = None) -> None:
    """A change of this process (on `db`) has committed: the watchers of each key here wake at once, and on SQLite
    the other processes watching the same file are rung so that theirs do too (on PostgreSQL, `announce`'s
    NOTIFY tells them)."""
    for key in keys:
        for each in list(_watches.values()):
            each.changed(key)
        if db is None or db.engine == "sqlite":
            ring(key, db.path if db else None)
