"""Watching phones wait for their game's next version, whichever the engine: the games watched in one
store, each waiting request's Event, and what each engine's thread calls when a game changed (sqlite.py,
postgresql.py)."""

from __future__ import annotations

import threading

IDLE = 30.0  # seconds without a watcher before the thread ends
CHUNK = 500  # ids per query (SQLite allows 32766 parameters)
EVENT = "event:"  # a watch key naming a club night (events.watch_key) rather than a game


class Watchers:
    """The games watched in one store, and the thread that notices when they change (`_run`, per engine)."""

    def __init__(self, path: str):
        self.path = path
        self.lock = threading.Lock()
        self.events: dict[str, threading.Event] = {}  # game id -> set when it changes (then replaced)
        self.waiting: dict[str, int] = {}  # game id -> requests waiting on it
        self.versions: dict[str, int | None] = {}  # game id -> the version last seen
        self.unknown = False  # some version is None (changed here): the next look reads them
        self.thread: threading.Thread | None = None
        self.closed = False  # the store is no longer watched (live.forget): the thread ends at its next look

    def wait(self, game_id: str, seen: int, timeout: float) -> bool:
        """Wait until the game changes from version `seen`, or `timeout` seconds; whether it changed."""
        with self.lock:
            known = self.versions.get(game_id)
            if known is not None and known > seen:
                return True  # it moved on before this request came to wait
            if known is None:
                # nobody waited on this game (or a change here left it unknown): the request read `seen` before
                # coming here, and a change between the two may already have been looked at. The next look
                # compares with `seen`. (A known version below `seen` is kept: the look wakes its waiters, and
                # this one, which then waits again)
                self.versions[game_id] = seen
                self.unknown = True
            event = self.events.setdefault(game_id, threading.Event())
            self.waiting[game_id] = self.waiting.get(game_id, 0) + 1
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, name="scorekeeper-watch", daemon=True)
                self.thread.start()
        try:
            return event.wait(timeout)
        finally:
            with self.lock:
                self.waiting[game_id] -= 1
                if not self.waiting[game_id]:
                    del self.waiting[game_id]
                    self.versions.pop(game_id, None)
                    if self.events.get(game_id) is event and not event.is_set():
                        del self.events[game_id]

    def close(self) -> None:
        """Watch no more: the thread ends at its next look, waking nobody (a test's store, once the test is over)."""
        with self.lock:
            self.closed = True

    def changed(self, game_id: str) -> None:
        """Wake whoever waits on this game (a new Event serves the next waiters)."""
        with self.lock:
            event = self.events.pop(game_id, None)
            if game_id in self.versions:
                self.versions[game_id] = None  # unknown: the next look reads it again
                self.unknown = True
        if event is not None:
            event.set()

    def _run(self) -> None:
        """Notice changes while anyone waits."""
        raise NotImplementedError

    def _compare(self, versions, watched: list[str]) -> None:
        """Wake the watchers of every game whose version is not the one last seen (or that is gone);
        `versions(sql, ids)` reads them."""
        found: dict[str, int] = {}
        games = [key for key in watched if not key.startswith(EVENT)]
        # a club night's watchers wait on the event's version, which moves on with any of its games
        events = [key.removeprefix(EVENT) for key in watched if key.startswith(EVENT)]
        for table, ids_of, prefix in (("games", games, ""), ("events", events, EVENT)):
            for start in range(0, len(ids_of), CHUNK):
                ids = ids_of[start : start + CHUNK]
                marks = ",".join("?" * len(ids))
                rows = versions(f"select id, version from {table} where id in ({marks})", ids)
                found.update((prefix + key, version) for key, version in rows)
        for game_id in watched:
            with self.lock:
                known = self.versions.get(game_id)
                if game_id in self.versions:
                    self.versions[game_id] = found.get(game_id)
            if known is not None and known != found.get(game_id):
                self.changed(game_id)
