"""A throwaway PostgreSQL server for one test run (bench/pgcluster.py: Debian's `postgresql` package, a
cluster made in a temporary folder on a free loopback port), without fsync: durability is no part of a test.

The run's first process starts it in a thread of its own while the test processes xdist starts import and collect (a
second or two of the run's start saved), and says in the environment where they will find its address: a file
(URL_FILE) written once it answers, which the first test that needs it waits for. However the run ends (kill -9
too), its server stops with it: a watching process of its own stops it when the run is gone
(`stop_with_this_process`). The cluster's folder also names the run (OWNER), so that a server left by an older run
is stopped by the next run (`sweep`).

Each test gets a store of its own: a schema made and migrated for it (35 ms; a database copied from a template
took twice that), named by the URL's search_path. The `app` fixture's store is the one exception
(`emptied_store`): one schema per test process, its rows deleted before each test.
"""

from __future__ import annotations

import contextlib
import glob
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bench import pgcluster
from bench.pgcluster import binaries, stop

__all__ = [
    "Starting",
    "binaries",
    "emptied_store",
    "emptied_url",
    "empty_store",
    "fresh_store",
    "reader",
    "server_url",
    "start",
    "stop",
    "sweep",
]

URL = "TEST_POSTGRESQL_URL"  # where the run's server is (not SCOREKEEPER_*: the app would read that as a setting)
URL_FILE = "TEST_POSTGRESQL_URL_FILE"  # the file its URL is written to once it answers (or why it did not start)
STARTING = 120  # seconds a test waits for the server to answer
OWNER = "test-run"  # in a cluster's folder: the process id and start time of the test run that made it
_admin: dict = {}
_lock = threading.Lock()
_watchers: list[subprocess.Popen] = []  # each holds the writing end of a pipe its watcher reads


def server_url() -> str:
    """The run's server, once it answers (it fails the test, saying why, where there is none)."""
    url = os.environ.get(URL)
    if not url and os.environ.get(URL_FILE):
        url = os.environ[URL] = _announced(Path(os.environ[URL_FILE]))
    if not url:
        raise RuntimeError("no PostgreSQL server for the tests: is Debian's postgresql package installed?")
    return url


def _announced(note: Path) -> str:
    """The URL the run's first process writes to `note` once its server answers."""
    for _ in range(STARTING * 50):
        if note.exists():
            said = note.read_text()
            if not said.startswith("postgresql://"):
                raise RuntimeError(f"the tests' PostgreSQL server did not start: {said}")
            return said
        time.sleep(0.02)
    raise RuntimeError(f"the tests' PostgreSQL server did not start within {STARTING} s")


def in_schema(name: str) -> str:
    """The URL of the run's database with `name` as the schema its tables are made and found in."""
    return f"{server_url()}?options=-csearch_path%3D{name}"


def _admin_connection():
    """This test process's own connection to the run's database, for making schemas."""
    import psycopg

    admin = _admin.get("conn")
    if admin is None or admin.closed:
        admin = _admin["conn"] = psycopg.connect(server_url(), autocommit=True)
    return admin


def empty_store() -> str:
    """A store of its own with no tables yet: a new, empty schema."""
    name = "t_" + secrets.token_hex(6)
    with _lock:
        _admin_connection().execute(f"create schema {name}")
    return in_schema(name)


def fresh_store() -> str:
    """A store of its own, migrated (through this process's connection: a new one costs the server a process)."""
    from scorekeeper.db_postgresql import PostgreSQL, apply

    name = "t_" + secrets.token_hex(6)
    with _lock:
        admin = _admin_connection()
        admin.execute(f"create schema {name}")
        admin.execute(f"set search_path to {name}")
        try:
            apply(PostgreSQL(admin))
        finally:
            admin.execute("set search_path to public")
    return in_schema(name)


_app_store: dict = {}  # the test process's store for the app fixture: its URL, schema, and what empties it


def emptied_url() -> str | None:
    """The URL of the test process's store for the `app` fixture (emptied_store), once it is made."""
    return _app_store.get("url")


def emptied_store() -> str:
    """The test process's store for the `app` fixture, as a fresh one is: made and migrated once, its rows
    deleted and its identity counters restarted before each later test (0.2 ms of the server's CPU; a new
    schema cost it 17 ms, and the app's first connection to it another 8)."""
    if not _app_store:
        url = fresh_store()
        _app_store.update(url=url, schema=url.rsplit("%3D", 1)[1])
        return url
    with _lock:
        admin = _admin_connection()
        if "emptying" not in _app_store:
            _app_store["emptying"] = _emptying(admin, _app_store["schema"])
        with admin.transaction():
            admin.execute(_app_store["emptying"])
    return _app_store["url"]


def _emptying(admin, schema: str) -> str:
    """The statements that empty the schema, as one text the server is sent at once (each sent by itself was a
    round trip: 0.5 ms of the server's CPU and 0.4 of the test's for the dozen, against 0.2 and 0.1). Every table
    is emptied with no reference left to check, in whatever order they go (the server's superuser may turn the
    checks off for the transaction)."""
    statements = ["set local session_replication_role = replica"]
    statements += [f"delete from {schema}.{table}" for table in _tables(admin, schema)]
    statements += [
        f"select setval(pg_get_serial_sequence('{schema}.{table}', '{column}'), 1, false)"
        for table, column in _identities(admin, schema)
    ]
    return "; ".join(statements)


_readers: dict[str, Any] = {}  # the test process's own connection to the store it read last, by URL (reader)


@contextlib.contextmanager
def reader(url: str) -> Iterator[Any]:
    """A connection of the test process's own to the store at `url`, kept open for the next test that reads the
    same store (the app fixture's, emptied before each test): a new one cost the server a process (4 ms), and
    the tests' reads made two hundred a run. One to another store is closed; so is one left in a transaction
    or whose use failed (a read that runs while another is open gets a connection of its own)."""
    from psycopg.pq import TransactionStatus

    from scorekeeper.db_postgresql import connect

    db = _readers.pop(url, None)
    if db is None or db.conn.closed:
        db = connect(url)
    try:
        yield db
    except BaseException:
        db.close()
        raise
    for other in _readers.values():
        other.close()
    _readers.clear()
    if db.conn.info.transaction_status == TransactionStatus.IDLE:
        _readers[url] = db
    else:
        db.close()


def _tables(admin, schema: str) -> list[str]:
    """The schema's tables, the record of migrations aside."""
    return [
        row[0]
        for row in admin.execute(
            "select tablename from pg_tables where schemaname = %s and tablename <> 'schema_migrations'", [schema]
        )
    ]


def _identities(admin, schema: str) -> list[tuple[str, str]]:
    """(table, column) of each identity column of the schema."""
    return admin.execute(
        "select table_name, column_name from information_schema.columns "
        "where table_schema = %s and is_identity = 'YES'",
        [schema],
    ).fetchall()


def _started(pid: int) -> str | None:
    """When process `pid` started (clock ticks since boot), or None if there is no such process."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return None


def start() -> tuple[str, str]:
    """Start the run's server (bench/pgcluster.py), its folder marked as this test run's."""
    url, folder = pgcluster.start()
    with open(os.path.join(folder, OWNER), "w") as mark:
        mark.write(f"{os.getpid()} {_started(os.getpid())}\n")
    stop_with_this_process(folder)
    return url, folder


class Starting:
    """The run's server, started in a thread while the test processes start; its URL written to a file for them."""

    def __init__(self) -> None:
        """Say where the URL will be (URL_FILE, inherited by the test processes), then start the server."""
        self.note = Path(tempfile.mkdtemp(prefix="scorekeeper-pg-url-")) / "url"
        os.environ[URL_FILE] = str(self.note)
        self.folder: str | None = None
        self.thread = threading.Thread(target=self._start, name="postgresql-start", daemon=True)
        self.thread.start()

    def _start(self) -> None:
        """Stop the servers of killed runs, start this run's, and write its URL (or why it did not start)."""
        try:
            sweep()
            url, self.folder = start()
        except Exception as error:  # a test that needs the server fails, saying so; the others run
            url = f"{type(error).__name__}: {error}"
        written = self.note.with_suffix(".new")
        written.write_text(url)
        written.rename(self.note)  # whole, at once

    def stop(self) -> None:
        """Stop the server (once it has started) and forget where it was."""
        self.thread.join()
        os.environ.pop(URL_FILE, None)
        os.environ.pop(URL, None)
        if self.folder is not None:
            stop(self.folder)
        shutil.rmtree(self.note.parent, ignore_errors=True)


def stop_with_this_process(folder: str) -> None:
    """Have the cluster in `folder` stopped once this process is gone, however it ends: a watcher in a session
    of its own (a kill of the run's process group spares it) waits on a pipe whose writing end only this
    process holds (not inherited by its children), and stops the cluster when the pipe closes. No polling."""
    root = Path(__file__).resolve().parent.parent
    watcher = subprocess.Popen(
        [sys.executable, "-m", "tests.postgresql", folder],
        cwd=root,
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    _watchers.append(watcher)


def sweep(places: list[str] | None = None) -> list[str]:
    """Stop the servers of test runs that are gone (killed before they could), in the temporary folders:
    only clusters a test run made (their folder holds OWNER), only when that run's process no longer exists.
    The folders stopped."""
    gone = []
    for where in dict.fromkeys(places or [tempfile.gettempdir(), "/tmp"]):
        for folder in glob.glob(os.path.join(where, "scorekeeper-pg-*")):
            try:
                with open(os.path.join(folder, OWNER)) as mark:
                    pid, started = mark.read().split()
            except (OSError, ValueError):
                continue  # not a test run's (a benchmark's), or its run is still starting it
            if _started(int(pid)) != started:  # no such process, or another one since the id was reused
                stop(folder)
                gone.append(folder)
    return gone


if __name__ == "__main__":  # the watcher of stop_with_this_process: wait for the run to end, then stop its cluster
    sys.stdin.buffer.read()
    stop(sys.argv[1])
