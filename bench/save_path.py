"""The modules of scorekeeper a round save runs code in: one Inferno round saved with htmx through the test
client, each call into a module of the package counted by a profile hook (the layering of ARCHITECTURE.md's
"path of a round save", as it runs). `python -m bench.save_path` prints the modules, the busiest first."""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from scorekeeper import create_app
from scorekeeper.db import migrate

PLAYERS = {"player.0": "Anne", "player.1": "Julien", "player.2": "Sylvie", "dealer": "0"}
ROUND = {"number": "1", "step": "round", "other.0": "4", "other.1": "3", "other.2": "0", "nothing.2": "1"}


def calls_of_a_save() -> dict[str, int]:
    """Each scorekeeper module a round save calls into, with how many calls, over a throw-away store."""
    folder = Path(tempfile.mkdtemp())
    try:
        migrate(str(folder / "save.sqlite"))
        app = create_app({"TESTING": True, "SECRET_KEY": "bench", "DATABASE": str(folder / "save.sqlite")})
        client = app.test_client()
        url = client.post("/new/inferno", data=PLAYERS).headers["Location"]
        client.get(url)  # the game page, as the phone has it before it saves
        seen: dict[str, int] = {}

        def hook(frame, event, _arg) -> None:
            """Count a call into a module of the package."""
            name = frame.f_globals.get("__name__", "")
            if event == "call" and name.startswith("scorekeeper"):
                seen[name] = seen.get(name, 0) + 1

        sys.setprofile(hook)
        try:
            response = client.post(f"{url}/rounds", data=ROUND, headers={"HX-Request": "true"})
        finally:
            sys.setprofile(None)
        assert response.status_code == 200, response.status_code
        return seen
    finally:
        shutil.rmtree(folder)


def main() -> None:
    """Print the modules, the busiest first."""
    seen = calls_of_a_save()
    print(f"{len(seen)} modules, {sum(seen.values())} calls")
    for name, count in sorted(seen.items(), key=lambda item: -item[1]):
        print(f"{count:6d}  {name}")


if __name__ == "__main__":
    main()
