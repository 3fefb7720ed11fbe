"""A waiting watcher wakes when its game changes: at once for a change made by this process, within a
tick or two for one committed by another process (seen through SQLite), and not for another game."""

import socket
import sqlite3
import threading
import time

import pytest

from scorekeeper import db, live
from scorekeeper.dbapi import Database
from scorekeeper.live import sqlite
from tests import pick
from tests.web.helpers import until

GAME = pick.game()  # the rules a stored game names: any game's


def test_a_change_committed_elsewhere_wakes_the_watchers_of_that_game_only(tmp_path):
    path = str(tmp_path / "watch.sqlite")
    db.migrate(path)
    other = sqlite3.connect(path, isolation_level=None)  # another worker's connection
    for game_id in ("game-a", "game-b"):
        other.execute("insert into games (id, rules, players, version) values (?, ?, '[]', 1)", [game_id, GAME])
    watch = sqlite.Watch(path)
    woke: dict[str, tuple[bool, float]] = {}

    def wait(game_id: str, timeout: float) -> None:
        started = time.monotonic()
        woke[game_id] = (watch.wait(game_id, 1, timeout), time.monotonic() - started)

    # game-b waits 0.5 s (it waited 1 s, the process idle): a look every TICK sees game-a's change well within it
    waiters = [threading.Thread(target=wait, args=("game-a", 5)), threading.Thread(target=wait, args=("game-b", 0.5))]
    for waiter in waiters:
        waiter.start()
    until(lambda: len(watch.waiting) == 2)
    other.execute("update games set version = 2 where id = 'game-a'")
    for waiter in waiters:
        waiter.join(10)
    assert woke["game-a"][0] and woke["game-a"][1] < 4 * sqlite.TICK + 0.5
    assert woke["game-b"] == (False, woke["game-b"][1]) and woke["game-b"][1] >= 0.5  # nothing happened to it
    assert watch.waiting == {}
    other.close()


def test_a_change_made_here_wakes_at_once(tmp_path):
    path = str(tmp_path / "watch.sqlite")
    db.migrate(path)
    # the game is stored: a look at the file (after another process's ring, say) finds it as the waiter saw it
    # and wakes nobody; only the change made here may
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("insert into games (id, rules, players, version) values ('game-c', ?, '[]', 1)", [GAME])
    other.close()
    watch = live.watch(path)
    result = []
    waiter = threading.Thread(target=lambda: result.append(watch.wait("game-c", 1, 5)))
    waiter.start()
    until(lambda: watch.waiting)
    started = time.monotonic()
    live.tell(["game-c"])
    waiter.join(5)
    assert result == [True] and time.monotonic() - started < 0.5


def test_a_commit_in_another_process_rings_this_one_at_once(tmp_path, monkeypatch):
    """Another worker's save rings this process's doorbell: its watchers wake without waiting for a look."""
    monkeypatch.setattr(sqlite, "TICK", 5.0)  # the next look is far: only the ring can wake it soon
    path = str(tmp_path / "watch.sqlite")
    db.migrate(path)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("insert into games (id, rules, players, version) values ('game-d', ?, '[]', 1)", [GAME])
    watch = sqlite.Watch(path)
    result = []
    waiter = threading.Thread(target=lambda: result.append(watch.wait("game-d", 1, 5)))
    waiter.start()
    until(lambda: watch.waiting)
    bell = sqlite.bell_path(path)
    until(bell.exists)  # the doorbell is open: a ring now waits in it for the watch
    other.execute("update games set version = 2 where id = 'game-d'")
    started = time.monotonic()
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as ring:  # what live.tell() rings from the other
        ring.sendto(b"!", str(bell))
    waiter.join(5)
    assert result == [True] and time.monotonic() - started < 2.5
    other.close()


def test_a_ring_that_names_the_game_wakes_its_watchers_before_any_look(tmp_path, monkeypatch):
    """The other worker's ring says which game changed: its watchers here wake on the ring itself, without
    waiting for this process to read the versions of every game it watches."""
    monkeypatch.setattr(sqlite, "TICK", 5.0)
    path = str(tmp_path / "watch.sqlite")
    db.migrate(path)
    other = sqlite3.connect(path, isolation_level=None)
    for game_id in ("game-e", "game-f"):
        other.execute("insert into games (id, rules, players, version) values (?, ?, '[]', 1)", [game_id, GAME])
    other.close()
    watch = sqlite.Watch(path)
    result: dict[str, bool] = {}
    # game-f waits 1.5 s (it waited 3 s, the process idle): through the second in which game-e must wake, and the
    # few milliseconds before the ring is sent
    waiters = [
        threading.Thread(target=lambda g=g, s=s: result.update({g: watch.wait(g, 1, s)}))
        for g, s in (("game-e", 3), ("game-f", 1.5))
    ]
    for waiter in waiters:
        waiter.start()
    until(lambda: len(watch.waiting) == 2)
    until(sqlite.bell_path(path).exists)  # the doorbell is open
    started = time.monotonic()
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as ring:  # what live.tell(["game-e"]) rings
        ring.sendto(b"game-e", str(sqlite.bell_path(path)))
    waiters[0].join(5)
    assert result == {"game-e": True} and time.monotonic() - started < 1  # nothing in the file changed: the ring
    waiters[1].join(5)
    assert result == {"game-e": True, "game-f": False}  # another game's watcher waited on


@pytest.fixture
def bells(tmp_path):
    """Doorbells as other processes open them, by the file they watch: bells(path) is one, its datagrams read
    without waiting (a ring is in it as soon as it is sent)."""
    opened: list[tuple[socket.socket, object]] = []

    def bell(watched: str) -> socket.socket:
        sqlite.BELLS.mkdir(mode=0o700, exist_ok=True)
        where = sqlite.BELLS / f"{sqlite.file_key(watched)}-elsewhere{len(opened)}"
        made = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        made.bind(str(where))
        made.setblocking(False)
        opened.append((made, where))
        return made

    yield bell
    for made, where in opened:
        made.close()
        where.unlink(missing_ok=True)


def rings(bell: socket.socket) -> list[bytes]:
    """The rings a doorbell holds."""
    found = []
    while True:
        try:
            found.append(bell.recv(sqlite.RING + 1))
        except BlockingIOError:
            return found


def test_a_commit_rings_the_processes_watching_its_file_and_no_other(tmp_path, bells):
    # every process watching any file was rung: in a test run, each process's commit woke the others' watches
    # to look at files nobody had changed
    path = str(tmp_path / "rung.sqlite")
    db.migrate(path)
    same, other = bells(path), bells(str(tmp_path / "other.sqlite"))
    conn = db.connect(path)
    with db.write(conn):
        conn.execute("insert into games (id, rules, players, version) values ('game-r', ?, '[]', 1)", [GAME])
        conn.touch("game-r")
    conn.conn.close()
    assert rings(same) == [b"game-r"]
    assert rings(other) == []


def test_a_commit_on_postgresql_rings_no_doorbell(tmp_path, bells):
    # its NOTIFY tells the other servers; the doorbells are SQLite's
    bell = bells(str(tmp_path / "any.sqlite"))
    store = Database()
    store.engine = "postgresql"
    live.tell(["game-p"], store)
    assert rings(bell) == []
    live.tell(["game-p"])  # a change whose store is not said rings every doorbell, as before
    assert rings(bell) == [b"game-p"]


def test_a_change_tells_what_it_touched_once_after_it_commits_and_a_change_rolled_back_tells_nothing(
    tmp_path, monkeypatch
):
    """The store notes what a change touched; the watchers hear of it once per key, when another connection can
    already read the change, and never of a change that failed."""
    path = str(tmp_path / "told.sqlite")
    db.migrate(path)
    told: list[tuple[list[str], int]] = []

    def tell(keys, db=None) -> None:
        reader = sqlite3.connect(path)  # what a woken watcher would read
        told.append((list(keys), reader.execute("select count(*) from games").fetchone()[0]))
        reader.close()

    monkeypatch.setattr(live, "tell", tell)
    conn = db.connect(path)
    insert = "insert into games (id, rules, players, version) values (?, ?, '[]', 1)"
    with db.write(conn):
        conn.execute(insert, ["game-g", GAME])
        for key in ("game-g", "event:night", "game-g"):
            conn.touch(key)
    assert told == [(["event:night", "game-g"], 1)]
    with pytest.raises(ZeroDivisionError), db.write(conn):
        conn.execute(insert, ["game-h", GAME])
        conn.touch("game-h")
        print(1 / 0)  # the change fails halfway
    assert len(told) == 1 and not list(conn.query("select id from games where id = 'game-h'"))
    conn.close()


def test_a_watcher_that_comes_to_wait_after_the_change_was_looked_at_still_wakes(tmp_path, monkeypatch):
    # a long poll reads its game's version, then waits; a change committed between the two, and already
    # seen by the watch's look while another game kept it running, must not leave it waiting for the timeout
    path = str(tmp_path / "watch.sqlite")
    db.migrate(path)
    other = sqlite3.connect(path, isolation_level=None)
    for game_id in ("game-d", "game-e"):
        other.execute("insert into games (id, rules, players, version) values (?, ?, '[]', 1)", [game_id, GAME])
    watch = sqlite.Watch(path)
    looks: list[list[str]] = []
    compare = watch._compare
    look = lambda versions, watched: (looks.append(watched), compare(versions, watched))  # noqa: E731
    monkeypatch.setattr(watch, "_compare", look)
    keeper = threading.Thread(target=watch.wait, args=("game-e", 1, 10))  # keeps the watch looking
    keeper.start()
    until(lambda: looks)
    seen = len(looks)
    other.execute("update games set version = 2 where id = 'game-d'")  # the poll of game-d has read version 1
    until(lambda: len(looks) > seen)  # the look saw the commit, while nobody waited on game-d yet
    started = time.monotonic()
    assert watch.wait("game-d", 1, 3) and time.monotonic() - started < 1
    watch.changed("game-e")
    keeper.join(5)
    other.close()


def test_a_store_forgotten_is_watched_no_more_and_its_thread_ends_at_once(tmp_path):
    """A test's store, once the test is over: the thread that looked at it for news ends at its next look
    rather than 30 s later (IDLE), and a later wait on that store makes a new watch."""
    path = str(tmp_path / "watch.sqlite")
    db.migrate(path)
    watch = live.watch(path)
    watch.wait("game-d", 1, 0.1)  # (no such game: it wakes at the first look) the watch's thread goes on looking
    thread = watch.thread
    assert thread is not None and thread.is_alive()
    live.forget(path)
    thread.join(5)  # a deadline for a busy machine, not a measure of speed: a look comes every TICK
    assert not thread.is_alive()
    assert live.watch(path) is not watch
    live.forget(path)
