"""A throwaway PostgreSQL server for one test run (bench/pgcluster.py: Debian's `postgresql` package, a
cluster made in a temporary folder on a free loopback port), without fsync: durability is no part of a test.

The run's first process starts it and says where it is in the environment (URL), which the test processes
xdist starts inherit; the cluster's folder names that process (OWNER), so that a run killed before it could
stop its server has it stopped by the next run (`sweep`). Each test gets a store of its own: a schema made
and migrated for it (35 ms; a database copied from a template took twice that), named by the URL's
search_path.
"""

from __future__ import annotations

import glob
import os
import secrets
import tempfile
import threading

from bench import pgcluster
from bench.pgcluster import binaries, stop

__all__ = ["binaries", "empty_store", "fresh_store", "server_url", "start", "stop", "sweep"]

URL = "TEST_POSTGRESQL_URL"  # where the run's server is (not SCOREKEEPER_*: the app would read that as a setting)
OWNER = "test-run"  # in a cluster's folder: the process id and start time of the test run that made it
_admin: dict = {}
_lock = threading.Lock()


def server_url() -> str:
    """The run's server (it fails the test, saying why, where there is none)."""
    url = os.environ.get(URL)
    if not url:
        raise RuntimeError("no PostgreSQL server for the tests: is Debian's postgresql package installed?")
    return url


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
    return url, folder


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
