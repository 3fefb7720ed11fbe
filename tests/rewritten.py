"""pytest's rewriting of the test files' asserts, done once before the test processes start.

pytest keeps each test file's rewritten code in its __pycache__ for the next run. On a fresh clone (CI) there is none:
every xdist test process parsed, rewrote and compiled all 178 test files while collecting, the same work each (3.7 s
of CPU a process; collecting 6.2 s instead of 1.9). xdist's controller does it first, shared among as many processes
as there are cores, and the test processes find it done. What is kept is pytest's own cache, written by pytest's own
functions (pinned in constraints.txt): a test process reads it as if an earlier run had written it."""

from __future__ import annotations

import contextlib
import fnmatch
import os
from collections.abc import Iterator
from pathlib import Path

from _pytest.assertion import rewrite as pytests


class Ahead:
    """The run's test files that have no current rewritten copy, rewritten in one process per core: forked ones
    start at once (before any thread of this process), and this one does its share when `finish` is called."""

    def __init__(self, config) -> None:
        self.config, self.files = config, to_rewrite(config)
        self.processes = max(1, min(len(os.sched_getaffinity(0)), len(self.files)))
        self.children = [pid for k in range(1, self.processes) if (pid := self._fork(k))]

    def _fork(self, k: int) -> int:
        """Start a process that rewrites the k-th share, then leaves without pytest's exit handlers."""
        pid = os.fork()
        if pid == 0:
            status = 1
            with contextlib.suppress(BaseException):
                rewrite(self.config, self.files[k :: self.processes])
                status = 0
            os._exit(status)
        return pid

    def finish(self) -> None:
        """Do this process's share, then wait for the others."""
        rewrite(self.config, self.files[0 :: self.processes])
        for pid in self.children:
            os.waitpid(pid, 0)


def to_rewrite(config) -> list[Path]:
    """The files pytest will rewrite: the test files (python_files) under the run's paths, and every conftest.py
    there and above them up to the root directory."""
    patterns = config.getini("python_files")
    root = Path(config.rootpath)
    found: set[Path] = set()
    for arg in config.args:
        path = (Path(config.invocation_params.dir) / arg.split("::")[0]).resolve()
        walked = collected(path, config.getini("norecursedirs")) if path.is_dir() else [path]
        found.update(p for p in walked if p.name == "conftest.py" or any(fnmatch.fnmatch(p.name, x) for x in patterns))
        above = (p / "conftest.py" for p in path.parents if p.is_relative_to(root))
        found.update(p for p in above if p.is_file())
    return sorted(p for p in found if p.suffix == ".py" and p.is_file())


def collected(folder: Path, skipped: list[str]) -> Iterator[Path]:
    """The .py files under `folder` outside the folders pytest does not collect from (norecursedirs: `pytest .`
    would otherwise rewrite the test files of every package in .venv and node_modules, 214 here)."""
    for at, folders, files in os.walk(folder):
        folders[:] = [name for name in folders if not any(fnmatch.fnmatch(name, pattern) for pattern in skipped)]
        yield from (Path(at, name) for name in files if name.endswith(".py"))


def rewrite(config, files: list[Path]) -> None:
    """Rewrite and keep each of `files` whose kept copy is missing or out of date, as pytest's import would."""
    state = config.stash[pytests.assertstate_key]
    for path in files:
        pyc = pytests.get_cache_dir(path) / (path.name[:-3] + pytests.PYC_TAIL)
        if pytests._read_pyc(path, pyc) is not None or not pytests.try_makedirs(pyc.parent):
            continue
        try:
            source_hash, code = pytests._rewrite_test(path, config)
        except SyntaxError:  # the test process reports it when it collects the file
            continue
        pytests._write_pyc(state, code, source_hash, pyc)
