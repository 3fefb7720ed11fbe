"""The real server, started the way `make run` starts it (`scorekeeper serve`, gunicorn), on a free
loopback port with a throw-away instance folder, so a benchmark never touches anyone's games."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .client import Connection, build

HOST = "127.0.0.1"


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def command() -> list[str]:
    """The `scorekeeper` command installed beside this Python (what `make run` runs)."""
    script = Path(sys.executable).with_name("scorekeeper")
    return [str(script)] if script.exists() else [sys.executable, "-m", "scorekeeper.cli"]


def clean_environment(instance: Path, database: str | None = None) -> dict:
    """This environment without any SCOREKEEPER_* setting, the instance folder pointed at `instance` (and the
    store at `database`, a PostgreSQL URL shared by several servers, if given)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER_")}
    env["SCOREKEEPER_INSTANCE"] = str(instance)
    if database:
        env.update(SCOREKEEPER_DATABASE=database, SCOREKEEPER_SECRET_KEY="bench")
    return env


class Server:
    """A running `scorekeeper serve` (started by `program`, the command that runs `scorekeeper`, where given); stop()
    ends it (and only it)."""

    def __init__(
        self,
        instance: Path,
        workers: int | None = None,
        threads: int | None = None,
        worker_class: str | None = None,
        database: str | None = None,
        settings: dict | None = None,
        program: list[str] | None = None,
    ):
        self.instance = instance
        self.port = free_port()
        args = (program or command()) + ["serve", "--host", HOST, "--port", str(self.port)]
        if workers:
            args += ["--workers", str(workers)]
        if threads:
            args += ["--threads", str(threads)]
        if worker_class:
            args += ["--worker-class", worker_class]
        self.args = args
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 (kept open for the server's life; closed in stop())
        env = clean_environment(instance, database)
        env.update({f"SCOREKEEPER_{key}": str(value) for key, value in (settings or {}).items()})
        self.process = subprocess.Popen(
            args, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=self.log
        )
        self._wait_ready()

    def _wait_ready(self, timeout: float = 30) -> None:
        """Wait until every worker answers /healthz."""
        deadline = time.monotonic() + timeout
        raw = build("GET", "/healthz", host=f"{HOST}:{self.port}")
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped at start:\n{self.errors()}")
            try:
                answered = Connection(HOST, self.port).request(raw, retry=False).status == 200
                if answered and len(self.workers()) >= 1:
                    time.sleep(0.5)  # let the other workers finish booting
                    return
            except OSError:
                pass
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"the server did not answer within {timeout:.0f} s:\n{self.errors()}")

    def errors(self) -> str:
        """What the server wrote on standard error."""
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-4000:]

    def workers(self) -> list[int]:
        """Process ids of the gunicorn workers (the master's children)."""
        found = []
        for task in Path(f"/proc/{self.process.pid}/task").glob("*/children"):
            found += [int(pid) for pid in task.read_text().split()]
        return sorted(found)

    def peak_memory(self) -> dict:
        """Peak resident memory (VmHWM) in KiB of the master and of each worker."""
        return {"master": vm_hwm(self.process.pid), "workers": [vm_hwm(pid) for pid in self.workers()]}

    def stop(self) -> None:
        """Ask gunicorn to stop; kill it if it does not within a few seconds."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()

    def kill(self) -> None:
        """End the server at once, the master first (so it starts no worker again), then its workers: for a test
        that checks nothing of the stop. gunicorn's graceful stop cost 0.8 s of CPU, each process's
        interpreter tearing itself down."""
        workers = self.workers()
        for pid in [self.process.pid, *workers]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        self.process.wait()
        self.log.close()


def vm_hwm(pid: int) -> int:
    """A process's peak resident set size in KiB (0 if it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0
