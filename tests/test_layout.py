"""The code stays easy to take in: no module, template, script or style sheet of ours runs over 500 lines
(past that, a file holds more than one concern and wants splitting)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 500
OURS = ("scorekeeper", "templates", "static", "tests", "bench", "scripts")
NOT_OURS = ("vendor", "__pycache__")  # htmx, copied from the npm registry at set-up; compiled modules
CODE = (".py", ".js", ".html", ".css")


def lines(path: Path) -> int:
    """How many lines a file has."""
    return len(path.read_text(encoding="utf-8").splitlines())


def test_no_file_of_ours_runs_over_500_lines():
    files = [
        path
        for folder in OURS
        for path in (ROOT / folder).rglob("*")
        if path.suffix in CODE and not set(NOT_OURS) & set(path.parts)
    ]
    assert ROOT / "scorekeeper" / "store.py" in files and ROOT / "static" / "offline.js" in files
    long = {str(path.relative_to(ROOT)): n for path in files if (n := lines(path)) > LIMIT}
    assert long == {}, f"over {LIMIT} lines: {long}"
