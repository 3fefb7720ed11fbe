"""Live notices on PostgreSQL: one connection per process LISTENs for the games changed by any app server.

Every change NOTIFYs at commit with the keys it touched (`notify`, sent by live.announce); the listener wakes
their watchers here the moment the note arrives. Once a second without news, and after reconnecting (notes
sent meanwhile were lost), it reads the versions of the games watched, for a change that said nothing (one
made by hand in psql). The thread ends once nobody has waited for a while.
"""

from __future__ import annotations

import time

import psycopg

from ..db_postgresql import connect
from ..dbapi import Database
from .watchers import IDLE, Watchers

CHANNEL = "scorekeeper"  # what NOTIFY says a game changed on; its payload is the key (a game's id, events.watch_key)

LOOK = 1.0  # seconds between two looks at the versions when no note came
RETRY = 0.5  # seconds before connecting again once the connection was lost


def notify(db: Database, key: str) -> None:
    """Tell every server's listener that what `key` names changed, once this transaction commits."""
    db.conn.execute("select pg_notify(%s, %s)", [CHANNEL, key])


class Listener(Watchers):
    """The games watched in one PostgreSQL database, and the connection that hears their changes."""

    backend: int | None = None  # the server process listening (pg_stat_activity's pid), once it listens

    def _run(self) -> None:
        """Listen while anyone waits; connect again (after RETRY) when the connection is lost."""
        while True:
            try:
                self._listen()
                return
            except psycopg.Error:
                with self.lock:
                    if not self.waiting:
                        self.thread = None  # the next watcher starts another
                        return
                time.sleep(RETRY)  # the server restarted or the network dropped

    def _listen(self) -> None:
        """LISTEN, then wake watchers at each note, and look once a second without; end after IDLE seconds
        with nobody waiting."""
        db = connect(self.path, application_name="scorekeeper-listener")
        try:
            db.conn.execute(f"listen {CHANNEL}")
            self.backend = db.conn.info.backend_pid
            self.unknown = True  # anything committed before LISTEN was not heard: look at once
            idle_since = time.monotonic()
            while True:
                with self.lock:
                    if self.waiting and not self.closed:
                        idle_since = time.monotonic()
                    elif self.closed or time.monotonic() - idle_since > IDLE:
                        self.thread = None
                        return
                    unknown, self.unknown = self.unknown, False
                    watched = list(self.waiting)
                if unknown and watched:
                    self._compare(lambda sql, ids: db.execute(sql, ids).fetchall(), watched)
                heard = False
                for note in db.conn.notifies(timeout=LOOK):
                    self.changed(note.payload)
                    heard = True
                if not heard:
                    self.unknown = True
        finally:
            db.close()
