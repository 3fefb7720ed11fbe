"""A throwaway PostgreSQL server for one test run: Debian's `postgresql` package, a cluster made in a
temporary folder and started on a free loopback port (as the `postgres` user when the tests run as root,
since PostgreSQL refuses to run as root), stopped and removed when the run ends.

The run's first process starts it and says where it is in the environment (URL), which the test processes
xdist starts inherit. Each test gets a store of its own: a schema made and migrated for it (35 ms; a
database copied from a template took twice that), named by the URL's search_path.
"""

from __future__ import annotations

import glob
import os
import secrets
import shutil
import socket
import subprocess
import tempfile
import threading

URL = "TEST_POSTGRESQL_URL"  # where the run's server is (not SCOREKEEPER_*: the app would read that as a setting)
DATABASE = "scorekeeper"
_admin: dict = {}
_lock = threading.Lock()


def binaries() -> str | None:
    """The folder of the newest installed PostgreSQL's programs (initdb, pg_ctl), if any."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    return os.path.dirname(found[-1]) if found else None


def _as_owner(command: list[str]) -> list[str]:
    """The command run as the `postgres` user when we are root (PostgreSQL will not run as root)."""
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


def _free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start() -> tuple[str, str]:
    """Make and start a cluster; its URL (without a database) and its folder."""
    bin_dir = binaries()
    if bin_dir is None:
        raise RuntimeError("PostgreSQL is not installed: `make setup-test` installs Debian's postgresql package")
    folder = tempfile.mkdtemp(prefix="scorekeeper-pg-")
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    data, port = os.path.join(folder, "data"), _free_port()
    quiet = {"check": True, "stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE}
    initdb = [f"{bin_dir}/initdb", "-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]
    subprocess.run(_as_owner([*initdb, "--locale=C.UTF-8"]), **quiet)  # type: ignore[call-overload]
    # durability is no part of a test: no fsync; room for every test process's pools and listeners
    settings = (
        f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off "
        "-c full_page_writes=off -c max_connections=400 -c shared_buffers=32MB"
    )
    pg_ctl = [f"{bin_dir}/pg_ctl", "-D", data, "-l", os.path.join(folder, "log"), "-w", "-o", settings, "start"]
    subprocess.run(_as_owner(pg_ctl), **quiet)  # type: ignore[call-overload]
    server = f"postgresql://postgres@127.0.0.1:{port}/"
    import psycopg

    with psycopg.connect(server + "postgres", autocommit=True) as conn:
        conn.execute(f"create database {DATABASE}")
    return server + DATABASE, folder


def stop(folder: str) -> None:
    """Stop the cluster at once and remove its folder."""
    bin_dir = binaries()
    command = [f"{bin_dir}/pg_ctl", "-D", os.path.join(folder, "data"), "-m", "immediate", "stop"]
    subprocess.run(_as_owner(command), check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    shutil.rmtree(folder, ignore_errors=True)


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
