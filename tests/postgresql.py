"""A throwaway PostgreSQL server for one test run (bench/pgcluster.py: Debian's `postgresql` package, a
cluster made in a temporary folder on a free loopback port), without fsync: durability is no part of a test.

The run's first process starts it and says where it is in the environment (URL), which the test processes
xdist starts inherit. Each test gets a store of its own: a schema made and migrated for it (35 ms; a
database copied from a template took twice that), named by the URL's search_path.
"""

from __future__ import annotations

import os
import secrets
import threading

from bench.pgcluster import binaries, start, stop

__all__ = ["binaries", "empty_store", "fresh_store", "server_url", "start", "stop"]

URL = "TEST_POSTGRESQL_URL"  # where the run's server is (not SCOREKEEPER_*: the app would read that as a setting)
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
