"""A throwaway PostgreSQL server, for the tests (tests/postgresql.py) and the benchmarks (bench/venue.py):
Debian's `postgresql` package, a cluster made in a temporary folder and started on a free loopback port (as
the `postgres` user when we are root, since PostgreSQL refuses to run as root), stopped and removed after."""

from __future__ import annotations

import glob
import hashlib
import os
import shutil
import socket
import subprocess
import tempfile

DATABASE = "scorekeeper"


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


INITDB = ["-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8", "--locale=C.UTF-8"]


def initialized(bin_dir: str) -> str:
    """A cluster's data folder as initdb leaves it, made once for this initdb and these options and kept in the
    temporary folder: each cluster starts as a copy of it (a test run's server started in 0.75 s of CPU with
    initdb, 0.3 s with the copy, in /dev/shm as `make test` has it). Made aside, then renamed into place whole, so
    another run at the same moment copies either nothing or all of it."""
    made_by = hashlib.sha256(" ".join([bin_dir, *INITDB]).encode()).hexdigest()[:12]
    kept = os.path.join(tempfile.gettempdir(), f"scorekeeper-initdb-{made_by}")
    if os.path.isdir(kept):
        return kept
    folder = tempfile.mkdtemp(prefix="scorekeeper-initdb-making-")
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    data = os.path.join(folder, "data")
    subprocess.run(
        _as_owner([f"{bin_dir}/initdb", "-D", data, *INITDB]),
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        os.rename(data, kept)
    except OSError:  # another run kept its own first
        shutil.rmtree(data, ignore_errors=True)
    os.rmdir(folder)
    return kept


def start(durable: bool = False, where: str | None = None) -> tuple[str, str]:
    """Make and start a cluster (in a new folder under `where`, by default the temporary folder); the URL of
    its database and its folder. Without `durable`, nothing is fsynced (a test's data need not survive)."""
    bin_dir = binaries()
    if bin_dir is None:
        raise RuntimeError("PostgreSQL is not installed: `make setup-test` installs Debian's postgresql package")
    folder = tempfile.mkdtemp(prefix="scorekeeper-pg-", dir=where)
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    data, port = os.path.join(folder, "data"), _free_port()
    quiet = {"check": True, "stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE}
    subprocess.run(_as_owner(["cp", "-a", initialized(bin_dir), data]), **quiet)  # type: ignore[call-overload]
    # room for every test process's (or app server's) pools and listeners
    settings = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c max_connections=400"
    if not durable:
        settings += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c shared_buffers=32MB"
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
