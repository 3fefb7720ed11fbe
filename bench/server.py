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
        """Wait until the server answers /healthz and every worker takes connections."""
        deadline = time.monotonic() + timeout
        raw = build("GET", "/healthz", host=f"{HOST}:{self.port}")
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped at start:\n{self.errors()}")
            try:
                answered = Connection(HOST, self.port).request(raw, retry=False).status == 200
                if answered and len(self.workers()) >= 1:
                    self._wait_workers(time.monotonic() + 0.5)
                    return
            except OSError:
                pass
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"the server did not answer within {timeout:.0f} s:\n{self.errors()}")

    def _wait_workers(self, until: float) -> None:
        """Until every worker takes connections, or `until`: gunicorn boots them one after another, and the first
        answering says nothing of the others. A fixed 0.5 s after the first answer was what a start waited, idle
        (a second worker is ready 0.02-0.2 s after the first; 0.56 s once at load 9): it stays the bound."""
        wanted = self.expected_workers()
        while time.monotonic() < until:
            workers = self.workers()
            ours = listening(self.port)
            if len(workers) >= wanted and all(accepting(pid, ours) for pid in workers):
                return
            time.sleep(0.01)

    def expected_workers(self) -> int:
        """How many workers the server was asked for (`scorekeeper serve`'s default where not given)."""
        from scorekeeper import cli

        given = self.args[self.args.index("--workers") + 1] if "--workers" in self.args else None
        return int(given) if given else next(int(str(p.default)) for p in cli.serve.params if p.name == "workers")

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


def listening(port: int) -> set[str]:
    """The inodes of the loopback sockets listening on `port`."""
    found = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        column = line.split()
        if column[1].endswith(f":{port:04X}") and column[3] == "0A":  # 0A: LISTEN
            found.add(column[9])
    return found


def accepting(pid: int, listening: set[str]) -> bool:
    """Whether the process takes connections on one of these sockets: its event loop (gevent's libev, or
    gthread's selector: epoll on Linux) watches the socket, as a worker's does once booted."""
    fds = {}
    with contextlib.suppress(OSError):  # it ended: not seen taking them
        for fd in os.listdir(f"/proc/{pid}/fd"):
            with contextlib.suppress(OSError):  # a file closed meanwhile (listdir's own, in this process)
                fds[fd] = os.readlink(f"/proc/{pid}/fd/{fd}")
    ours = {fd for fd, target in fds.items() if target.removeprefix("socket:[").removesuffix("]") in listening}
    for fd in (fd for fd, target in fds.items() if target == "anon_inode:[eventpoll]"):
        with contextlib.suppress(OSError):
            watched = Path(f"/proc/{pid}/fdinfo/{fd}").read_text().split("tfd:")[1:]
            if ours & {entry.split()[0] for entry in watched}:
                return True
    return False


def vm_hwm(pid: int) -> int:
    """A process's peak resident set size in KiB (0 if it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0
