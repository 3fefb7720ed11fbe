"""A test run killed before it could stop its PostgreSQL server has it stopped by the next run: only the
clusters a test run made, only once that run's process is gone (tests/postgresql.py, `sweep`)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

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


def test_a_killed_run_has_its_cluster_stopped_at_once(tmp_path):
    """A run killed with -9 (nothing of its own runs after) still has its server stopped: its watcher sees
    the run gone and stops the cluster, removing its folder (here a cluster's folder with no server in it)."""
    folder = cluster(tmp_path, "killed", None)
    code = f"from tests import postgresql; postgresql.stop_with_this_process({folder!r}); print('watched', flush=True)"
    run = subprocess.Popen(
        [sys.executable, "-c", code + "; input()"],
        cwd=Path(__file__).parent.parent,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert run.stdout is not None and run.stdout.readline() == b"watched\n"
    assert os.path.isdir(folder)
    run.kill()
    run.wait()
    deadline = time.monotonic() + 60  # a deadline for a busy machine, not a measure of speed
    while os.path.isdir(folder) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not os.path.exists(folder)


def test_a_test_waits_for_the_server_the_run_is_starting_and_is_told_why_it_did_not_start(tmp_path, monkeypatch):
    """The run's first process starts the server while the test processes start: a test that needs it waits for the
    URL it writes once the server answers; where the server could not start, such a test fails saying why."""
    note = tmp_path / "url"
    monkeypatch.setenv(postgresql.URL, "")  # not known yet (and the run's own put back after)
    monkeypatch.setenv(postgresql.URL_FILE, str(note))
    # written 0.1 s on (it was 0.3): server_url() reads the file every 0.02 s, so it waited five looks for it
    threading.Timer(0.1, note.write_text, ["postgresql://postgres@127.0.0.1:5999/scorekeeper"]).start()
    assert postgresql.server_url() == "postgresql://postgres@127.0.0.1:5999/scorekeeper"
    assert os.environ[postgresql.URL] == postgresql.server_url()  # asked once per test process

    monkeypatch.setenv(postgresql.URL, "")
    note.write_text("RuntimeError: PostgreSQL is not installed")
    with pytest.raises(RuntimeError, match="did not start: RuntimeError: PostgreSQL is not installed"):
        postgresql.server_url()
