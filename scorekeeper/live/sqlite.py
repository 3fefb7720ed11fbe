"""Live notices on SQLite: per process and database file one thread (a greenlet under gevent) notices changes.

The writes of this process say so at once (live.tell, after each commit); the other processes watching are
rung too (a datagram on their doorbell, a Unix socket each in BELLS, that names the game), and a rung process
wakes that game's watchers at once, before it looks at the database. A look asks SQLite whether anything was
committed (PRAGMA data_version: a few microseconds) and only then reads the versions of the games being
watched; it follows each ring, and without one (a write from elsewhere: the command line, a lost datagram)
comes every 50 ms all the same. The thread ends once nobody has waited for a while.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import socket
import sqlite3
import tempfile
import time
from pathlib import Path

from .watchers import IDLE, Watchers

TICK = 0.05  # seconds between two looks (a PRAGMA: microseconds); another worker's save is seen within it
RING = 200  # bytes a ring may carry: a game id (a longer one rings without it: the look finds the game)
BELLS = Path(tempfile.gettempdir()) / f"scorekeeper-bells-{os.getuid()}"  # <file's hash>-<pid>: a doorbell each


def bell_path(path: str) -> Path:
    """Where this process's doorbell for the database file `path` is."""
    return BELLS / f"{file_key(path)}-{os.getpid()}"


@functools.lru_cache(maxsize=64)
def file_key(path: str) -> str:
    """What the doorbells of the processes watching the database file `path` are named by (kept: realpath looks
    at each folder of the path, at each commit's ring)."""
    return hashlib.sha1(os.path.realpath(path).encode()).hexdigest()[:16]


class Watch(Watchers):
    """The games watched in one database file: a look at the file when rung, else every TICK."""

    def _bell(self) -> socket.socket | None:
        """This process's doorbell for this file, rung by the others after a commit (None where there can be
        none: then the look every TICK alone sees their changes)."""
        try:
            BELLS.mkdir(mode=0o700, exist_ok=True)
            name = bell_path(self.path)
            name.unlink(missing_ok=True)
            bell = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            bell.bind(str(name))
            bell.settimeout(TICK)
            return bell
        except OSError:
            return None

    def _run(self) -> None:
        """Look at the database when rung, else every TICK, while anyone waits; end after IDLE seconds with
        nobody."""
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        last, idle_since = None, time.monotonic()
        bell = self._bell()
        try:
            while True:
                if bell is None:
                    time.sleep(TICK)
                else:
                    self._answer(bell)
                with self.lock:
                    if self.closed or (not self.waiting and time.monotonic() - idle_since > IDLE):
                        self.thread = None
                        return
                    if not self.waiting:
                        continue
                    unknown, self.unknown = self.unknown, False
                idle_since = time.monotonic()
                # each look costs the same however many phones wait: the versions are read only on news
                version = conn.execute("PRAGMA data_version").fetchone()[0]
                if version != last or unknown:
                    last = version
                    with self.lock:
                        watched = list(self.waiting)
                    self._compare(lambda sql, ids: conn.execute(sql, ids).fetchall(), watched)
        finally:
            conn.close()
            if bell is not None:
                Path(bell.getsockname()).unlink(missing_ok=True)
                bell.close()

    def _answer(self, bell: socket.socket) -> None:
        """Wait for a ring (or TICK); a ring that names a game wakes its watchers here before anything else."""
        with contextlib.suppress(OSError, UnicodeDecodeError):  # TICK went by; or a ring that names no game
            game_id = bell.recv(RING + 1).decode("ascii")
            if game_id != "!":
                self.changed(game_id)
                time.sleep(0)  # the woken watchers answer first; the look can wait (under gevent: a greenlet)


def ring(game_id: str = "!", path: str | None = None) -> None:
    """Ring the doorbell of every other process watching the database file `path` (or any file: None), a
    datagram each naming the game, never waited for. A process watching another file, rung, would only wake to
    look at a file nobody changed (a test run's processes, each on files of its own, rang each other at each
    commit)."""
    said = game_id.encode() if game_id.isascii() and len(game_id) <= RING else b"!"
    try:
        names = os.listdir(BELLS)
    except OSError:
        return
    mine, same = f"-{os.getpid()}", "" if path is None else f"{file_key(path)}-"
    names = [name for name in names if name.startswith(same) and not name.endswith(mine)]
    if not names:
        return
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.setblocking(False)
        for name in names:
            try:
                sock.sendto(said, str(BELLS / name))
            except (ConnectionRefusedError, FileNotFoundError):
                (BELLS / name).unlink(missing_ok=True)  # its process is gone
            except OSError:
                pass  # its queue is full: it looks within TICK all the same
