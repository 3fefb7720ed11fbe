"""`make mutation`: mutmut over every game's rules and the club night's leaderboard, one module at a time,
against the fast tests that pyproject.toml's [tool.mutmut] names; then each module's score, and the
survivors that tests/rules/mutation_equivalent.txt does not explain.

    python -m tests.rules.mutation                    every module
    python -m tests.rules.mutation MODULE...          some modules (a game's module name; <module>_hand for
                                                      games/<module>/hand.py; leaderboard)
    python -m tests.rules.mutation --report           the scores of the runs so far, running nothing
    python -m tests.rules.mutation --children 1       mutants tested at once (default: one a core)

A module's score is its mutants killed, of those not listed as equivalent (the share of all its mutants
killed is shown beside it); it passes at 95 %.
`mutmut show NAME` prints what a survivor changed.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import subprocess
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EQUIVALENT = Path(__file__).with_name("mutation_equivalent.txt")
PASS = 95.0
KILLED = {1, 3}  # mutmut's exit codes of a test run that failed (3: pytest's internal error)


def modules() -> list[Path]:
    """The files [tool.mutmut] mutates, in name order."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mutmut"]
    found = {p.relative_to(ROOT) for pattern in config["only_mutate"] for p in ROOT.glob(pattern)}
    return sorted(p for p in found if not any(fnmatch.fnmatch(str(p), skip) for skip in config["do_not_mutate"]))


def equivalents() -> dict[str, str]:
    """The survivors known to be equivalent, by mutant name, with why."""
    listed = {}
    for line in EQUIVALENT.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, why = line.partition(" ")
            if not why.strip():
                raise SystemExit(f"{EQUIVALENT.name}: {name} says not why it is equivalent")
            listed[name] = why.strip()
    return listed


def short(module: Path) -> str:
    """The name a module is asked for by: a game's rules by the game's module name (its folder's), another
    module of a game's folder after it (`<module>_hand`), any other by its file name (`leaderboard`)."""
    if module.parts[:2] == ("scorekeeper", "games"):
        return module.parent.name if module.stem == "rules" else f"{module.parent.name}_{module.stem}"
    return module.stem


def dotted(module: Path) -> str:
    """The module's name as mutmut names its mutants' prefix."""
    return ".".join(module.with_suffix("").parts)


def run(module: Path, children: int) -> float:
    """Mutate one module and test its mutants; the seconds it took."""
    # the selected tests need no PostgreSQL: a placeholder address keeps tests/conftest.py from starting one
    env = {**os.environ, "TEST_POSTGRESQL_URL": "postgresql://unused.invalid/"}
    began = time.monotonic()
    command = [sys.executable, "-m", "mutmut", "run", "--max-children", str(children), dotted(module) + ".*"]
    subprocess.run(command, cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.monotonic() - began


def exit_codes(module: Path) -> dict[str, int | None]:
    """Each mutant's test exit code from the last run (None: not tested)."""
    meta = ROOT / "mutants" / (str(module) + ".meta")
    return json.loads(meta.read_text())["exit_code_by_key"] if meta.exists() else {}


def report(module: Path, listed: dict[str, str], seconds: float | None) -> bool:
    """Print one module's line and its unexplained survivors; whether it passes."""
    codes = exit_codes(module)
    killed = sum(code in KILLED for code in codes.values())
    equivalent = [name for name, code in codes.items() if name in listed and code not in KILLED]
    unexplained = sorted(name for name, code in codes.items() if code not in KILLED and name not in listed)
    counted = len(codes) - len(equivalent)
    score = 100.0 * killed / counted if counted else 0.0
    raw = 100.0 * killed / len(codes) if codes else 0.0
    took = f"  {seconds:.0f} s" if seconds is not None else ""
    print(
        f"{module!s:36} {len(codes):4} mutants {killed:4} killed ({raw:5.1f} %) {len(equivalent):3} equivalent"
        f" {len(unexplained):3} survived: score {score:5.1f} %{took}"
    )
    for name in unexplained:
        print(f"    survived: {name}")
    stale = [name for name in listed if name.startswith(dotted(module) + ".") and codes.get(name) in KILLED]
    for name in stale:
        print(f"    listed as equivalent but killed now: {name}")
    return bool(codes) and score >= PASS


def main() -> int:
    """Run the modules asked for (every one by default), then print every module's score."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="modules by name: <module>, <module>_hand (default: all)")
    parser.add_argument("--report", action="store_true", help="print the last runs' scores, run nothing")
    parser.add_argument("--children", type=int, default=os.cpu_count() or 1, help="mutants tested at once")
    args = parser.parse_args()
    every = modules()
    chosen = [m for m in every if not args.names or short(m) in args.names]
    listed = equivalents()
    seconds = {m: None if args.report else run(m, args.children) for m in chosen}
    passed = [report(m, listed, seconds[m]) for m in chosen]
    return 0 if all(passed) else 1


if __name__ == "__main__":
    sys.exit(main())
