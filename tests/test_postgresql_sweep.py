"""A test run killed before it could stop its PostgreSQL server has it stopped by the next run: only the
clusters a test run made, only once that run's process is gone (tests/postgresql.py, `sweep`)."""

from __future__ import annotations

import os
import subprocess

from tests import postgresql


def cluster(tmp_path, name: str, owner: str | None) -> str:
    """A cluster's folder as a test run leaves it, marked as `owner`'s (no mark: not a test run's)."""
    folder = tmp_path / f"scorekeeper-pg-{name}"
    (folder / "data").mkdir(parents=True)
    if owner is not None:
        (folder / postgresql.OWNER).write_text(owner + "\n")
    return str(folder)


def test_only_the_servers_of_test_runs_that_are_gone_are_stopped(tmp_path, monkeypatch):
    dead = subprocess.Popen(["true"])  # a test run that has ended
    dead.wait()
    me = f"{os.getpid()} {postgresql._started(os.getpid())}"
    killed = cluster(tmp_path, "killed", f"{dead.pid} 12345")
    reused = cluster(tmp_path, "reused", f"{os.getpid()} 1")  # this id, but a process started at another time
    running = cluster(tmp_path, "running", me)
    benchmark = cluster(tmp_path, "bench", None)
    stopped: list[str] = []
    monkeypatch.setattr(postgresql, "stop", stopped.append)
    assert sorted(postgresql.sweep([str(tmp_path)])) == sorted(stopped) == sorted([killed, reused])
    assert running not in stopped and benchmark not in stopped
