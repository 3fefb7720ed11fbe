"""Where the test suite's time goes: each test's wall and CPU time, the CPU counted for everything its test process
started (Chromium, Playwright's driver, servers), those that exited during the test included.

    SUITE_CPU=/tmp/prof .venv/bin/pytest -p bench.suite_cpu          (or make test ARGS="-p bench.suite_cpu")
    .venv/bin/python -m bench.suite_cpu /tmp/prof [ROWS]                 per-file totals, then the costliest tests

Each test process (xdist's workers, and the controller) moves itself into a cpuacct cgroup of its own (Linux,
cgroup v1, as root: /sys/fs/cgroup/cpuacct); where it cannot, only the process's own CPU is counted. A process's
lines go to SUITE_CPU/<worker>-<pid>.jsonl, its whole CPU to SUITE_CPU/total-<worker>-<pid>.json. CPU is what to
compare on a shared machine: the wall time of a test waits for the other sessions' work too."""

from __future__ import annotations

import collections
import contextlib
import json
import os
import sys
import time
from pathlib import Path

import pytest

CGROUPS = Path("/sys/fs/cgroup/cpuacct")
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "main")


def _folder() -> Path:
    """Where this run's figures go."""
    return Path(os.environ.get("SUITE_CPU", "/tmp/suite-cpu"))


class Counter:
    """The CPU seconds of this process and everything it starts, read from its own cgroup (else its own only)."""

    def __init__(self) -> None:
        self.group: Path | None = CGROUPS / f"suite-cpu-{WORKER}-{os.getpid()}"
        try:
            self.group.mkdir(exist_ok=True)
            (self.group / "cgroup.procs").write_text(str(os.getpid()))
        except OSError:
            self.group = None

    def leave(self) -> None:
        """Back to the machine's cgroup, and the own one removed if nothing is left in it."""
        if self.group is not None:
            (CGROUPS / "cgroup.procs").write_text(str(os.getpid()))
            with contextlib.suppress(OSError):  # a process it started still runs in it: the cgroup stays
                self.group.rmdir()

    def seconds(self) -> float:
        """CPU seconds so far."""
        if self.group is None:
            return time.process_time()
        return int((self.group / "cpuacct.usage").read_text()) / 1e9


COUNTER: Counter | None = None
STARTED: dict[str, tuple[float, float, float]] = {}
LINES: list[str] = []
BEGAN = time.time()  # when this process began (its plugins are imported first)


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config) -> None:
    """Count this process (and what it starts) in a cgroup of its own: before any other plugin starts something
    (the tests' PostgreSQL server, started by the run's first process, is counted in its figure)."""
    global COUNTER
    COUNTER = Counter()


def pytest_runtest_logstart(nodeid, location) -> None:
    """A test starts: note the clocks."""
    if COUNTER is not None:
        STARTED[nodeid] = (time.time(), time.process_time(), COUNTER.seconds())


def pytest_runtest_logfinish(nodeid, location) -> None:
    """A test ended: its wall, this process's CPU, and its cgroup's CPU."""
    if COUNTER is None or nodeid not in STARTED:
        return
    wall, own, tree = STARTED.pop(nodeid)
    took = {"id": nodeid, "at": wall, "wall": time.time() - wall, "cpu": time.process_time() - own}
    LINES.append(json.dumps({**took, "tree": COUNTER.seconds() - tree, "worker": WORKER}))


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config) -> None:
    """Write this process's lines and its whole CPU, once the others have stopped what they started; leave its
    cgroup."""
    if COUNTER is None:
        return
    folder = _folder()
    folder.mkdir(parents=True, exist_ok=True)
    name = f"{WORKER}-{os.getpid()}"
    (folder / f"{name}.jsonl").write_text("".join(line + "\n" for line in LINES))
    took = {"process": name, "cpu": COUNTER.seconds(), "began": BEGAN, "ended": time.time()}
    (folder / f"total-{name}.json").write_text(json.dumps(took))
    COUNTER.leave()


def summary(folder: Path, rows: int = 30) -> str:
    """Per-file totals (tests, wall, own CPU, CPU with what they started), then the costliest tests."""
    tests = [json.loads(line) for path in folder.glob("*.jsonl") for line in path.read_text().splitlines()]
    if any(t["worker"] != "main" for t in tests):
        tests = [t for t in tests if t["worker"] != "main"]  # xdist's controller only relays the workers' reports
    processes = [json.loads(path.read_text()) for path in folder.glob("total-*.json")]
    totals = [process["cpu"] for process in processes]
    files: dict[str, list[float]] = collections.defaultdict(lambda: [0, 0.0, 0.0, 0.0])
    for test in tests:
        row = files[test["id"].split("::")[0]]
        row[0] += 1
        row[1] += test["wall"]
        row[2] += test["cpu"]
        row[3] += test["tree"]
    lines = [
        f"{len(tests)} tests, CPU {sum(t['tree'] for t in tests):.1f} s in the tests, "
        f"{sum(totals):.1f} s in the test processes altogether",
        *timeline(tests, processes),
        f"{'file':56} {'tests':>5} {'wall s':>7} {'own CPU':>7} {'CPU':>6}",
    ]
    for name, (count, wall, own, tree) in sorted(files.items(), key=lambda item: -item[1][3])[:rows]:
        lines.append(f"{name:56} {count:5d} {wall:7.1f} {own:7.1f} {tree:6.1f}")
    lines.append("")
    for test in sorted(tests, key=lambda t: -t["tree"])[:rows]:
        lines.append(f"{test['tree']:6.2f} {test['wall']:6.2f}  {test['id']}")
    return "\n".join(lines)


def timeline(tests: list[dict], processes: list[dict]) -> list[str]:
    """When the first test began after the run's start, and how far apart the test processes ended their last
    test (the tail, when fewer processes than cores have work), where the lines say when (runs since 2026-11-28)."""
    if not tests or "at" not in tests[0] or "began" not in processes[0]:
        return []
    began = min(process["began"] for process in processes)
    last: dict[str, float] = collections.defaultdict(float)
    for test in tests:
        last[test["worker"]] = max(last[test["worker"]], test["at"] + test["wall"])
    first = min(test["at"] for test in tests) - began
    return [
        f"first test {first:.1f} s after the start, last {max(last.values()) - began:.1f} s; test processes "
        f"ended their last test within {max(last.values()) - min(last.values()):.1f} s of each other"
    ]


if __name__ == "__main__":
    print(summary(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 30))
