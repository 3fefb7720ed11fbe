"""What a process keeps in memory between requests, bounded in bytes as well as in entries: whatever clients
ask (long games, every round drawn, every language), a worker's memory stays flat. The least recently used
goes first; an entry larger than a share of the whole is not kept at all."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

MB = 1024 * 1024


class Kept:
    """A least-recently-used map holding at most `entries` values and `limit` bytes (as each value's
    `size` was given when it was put), shared between threads."""

    def __init__(self, limit: int, entries: int):
        self.limit, self.entries = limit, entries
        self.kept: OrderedDict[Any, tuple[Any, int]] = OrderedDict()
        self.held = 0  # bytes
        self.lock = threading.Lock()

    def get(self, key) -> Any:
        """The value kept under `key`, or None."""
        with self.lock:
            found = self.kept.get(key)
            if found is None:
                return None
            self.kept.move_to_end(key)
            return found[0]

    def put(self, key, value, size: int) -> None:
        """Keep `value` (about `size` bytes) under `key`, dropping the least used beyond the bounds; a value
        over an eighth of the limit is not kept (one would push out many)."""
        with self.lock:
            old = self.kept.pop(key, None)
            if old is not None:
                self.held -= old[1]
            if size > self.limit // 8:
                return
            self.kept[key] = (value, size)
            self.held += size
            while self.held > self.limit or len(self.kept) > self.entries:
                _key, (_value, dropped) = self.kept.popitem(last=False)
                self.held -= dropped

    def clear(self) -> None:
        """Forget everything."""
        with self.lock:
            self.kept.clear()
            self.held = 0

    def __len__(self) -> int:
        return len(self.kept)


class Derived:
    """Games played through (store.DERIVED), kept per process by what they were derived from (their set-up and
    version), 48 MB and 512 games at most.

    The stored rounds stay the truth: every change bumps the version in the same transaction, so a kept
    result is used only for the very rounds it came from. A save at round 500 then plays one round, not
    500, and a page or a poll reads the games row alone. Kept results are shared between threads and
    never changed (play_on makes a new one); each Stored gets its own Game and list of rounds."""

    BYTES = 48 * MB  # a venue of 300 tables at round 40 (measured 0.8 KB a seat-round: 40 MB); 12 games of 1,000 rounds
    SIZE = 512  # games
    PER_SEAT = 1024  # bytes a round's result takes per player, rounded up (3.2 KB a round at 4 players, measured)

    def __init__(self) -> None:
        self.cache = Kept(self.BYTES, self.SIZE)
        self.kept = self.cache.kept

    def get(self, game_id: str, key: tuple) -> tuple[list[dict], Any] | None:
        """The rounds and result kept for this game at `key`, if any."""
        found = self.cache.get(game_id)
        if found is None or found[0] != key:
            return None
        return found[1], found[2]

    def put(self, stored) -> None:
        """Keep a stored game's result under its key."""
        if stored.result is None or not stored.key:
            return
        rounds = list(stored.game.rounds)
        size = self.PER_SEAT * (1 + len(rounds) * len(stored.game.players))
        self.cache.put(stored.id, (stored.key, rounds, stored.result), size)


class Once:
    """One maker per key at a time: a request that asks for what another is making waits for it and reads what
    was kept, rather than making it too (a club night's watchers are woken together by a save: each of them drew
    the same news, and worked out the same leaderboard, while the first was still at it)."""

    def __init__(self) -> None:
        self.turns: dict[Any, list] = {}  # key: [its lock, how many hold or wait for it]
        self.lock = threading.Lock()

    def get(self, key, find: Callable[[], Any], make: Callable[[], Any]) -> Any:
        """What `find()` returns if it is not None; else `make()` (which keeps it) while the others asking for
        `key` wait, each of them then finding it."""
        found = find()
        if found is not None:
            return found
        with self.lock:
            turn = self.turns.setdefault(key, [threading.Lock(), 0])
            turn[1] += 1
        try:
            with turn[0]:
                found = find()
                return found if found is not None else make()
        finally:
            with self.lock:
                turn[1] -= 1
                if not turn[1]:
                    del self.turns[key]
