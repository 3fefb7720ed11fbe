"""`scorekeeper serve` in a process of its own, as the tests start it: the templates the test processes compiled are
put in memory first (kept_templates, from the folder the run names in the environment), as a test process starts
with them. Each start compiled every template again in gunicorn's first process (0.55 s of CPU of the 1.4 s a start
took, seven starts a run); what it serves, and how it starts and stops, are the same."""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def command(*args: str) -> list[str]:
    """The command that runs `scorekeeper ARGS` so, wherever the run was started."""
    return [sys.executable, str(Path(__file__).resolve()), *args]


def prepared() -> None:
    """The kept templates in this process's memory, where the run keeps any."""
    from tests import kept_templates

    folder = os.environ.get(kept_templates.FOLDER)
    if folder:
        kept_templates.load(Path(folder))


if __name__ == "__main__":
    sys.path[0] = str(ROOT)  # started as a script: modules are found from the checkout, not from tests/
    prepared()
    from scorekeeper.cli import main

    main(prog_name="scorekeeper")
