"""Every game's main save on the throttled phone of `bench/phone.py` (a benchmark, not a test): for each registered
game, its sample's whole game (tests/samples, four players) is stored up to a round, the round's first steps
(the bids, where the game has them) posted, and the phone taps in the round's last step and "save", the step
that adds a board row; tap to that row painted, as bench/phone.py measures it, over the game's rounds 2 to
ROUNDS + 1. Then the floor (bench/phone.py's: the same tap answered by GET /healthz and a row put in the board).

`--against DIR` runs a second server from another checkout of the project (its scorekeeper package, templates and
static files; e.g. `git worktree add /tmp/main main` and its static/vendor copied in) and alternates the two save
by save, so a machine getting busier moves both: "before" is DIR, "after" this tree.

Run: `.venv/bin/python -m bench.phone_games [ROUNDS] [--against DIR] [--only GAME,...]`.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import tempfile
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import sync_playwright

from scorekeeper import db as database
from scorekeeper import gamefile, registry, store
from tests.samples import first, normalised, sample

from . import phone, scenario
from .server import HOST, Server

# the round's last step, typed in as a phone does: a chip's or a tick's input clicked (its events fire), a box
# filled; fields outside the form name it (form="round-entry")
FILL = """
(fields) => { const form = document.getElementById("round-entry");
  for (const [name, value] of Object.entries(fields)) {
    const inputs = Array.from(form.elements).filter((el) => el.name === name);
    if (!inputs.length) throw new Error("no field " + name + " in the form");
    const input = inputs.find((el) => el.value === value && (el.type === "radio" || el.type === "checkbox"));
    if (input) { if (!input.checked) input.click(); continue; }
    const box = inputs[0];
    if (box.type === "checkbox") { if (!box.checked) box.click(); continue; }
    box.value = value;
    box.dispatchEvent(new Event("input", { bubbles: true }));
    box.dispatchEvent(new Event("change", { bubbles: true }));
  }
}
"""


@dataclass
class Save:
    """One measured save: the game's id, the round it saves and the fields of its last step."""

    rules: str
    game: str
    number: int
    fields: dict[str, str]


def prepare(path: Path, rounds: int, only: list[str]) -> list[Save]:
    """Store each game up to the rounds measured, and post each round's first steps; the saves to make."""
    database.migrate(str(path))
    db = database.connect(str(path))
    saves = []
    try:
        for bundle in registry.GAMES:
            if only and bundle.id not in only:
                continue
            document = sample(bundle.id).full_game()
            played = len(document["rounds"])
            for number in range(2, min(played, rounds + 1) + 1):
                saves.append(_stored(db, bundle.id, document, number))
    finally:
        db.conn.close()
    return saves


def _stored(db, rules_id: str, document: dict, number: int) -> Save:
    """A game stored with the rounds before `number` and that round's first steps drafted."""
    game = gamefile.from_document(first(document, number - 1))
    game_id = store.create(db, game, scenario.DEVICE)
    # the round as the rules record it (every field filled in), as a sample's posts() reads it
    steps = sample(rules_id).posts(normalised(document)[number - 1], document)
    for step, fields in steps[:-1]:
        _draft(db, game_id, number, step, fields)
    return Save(rules_id, game_id, number, steps[-1][1])


def _draft(db, game_id: str, number: int, step: str, fields: dict[str, str]) -> None:
    """A first step saved as the app saves it (its form read by the game's reader)."""
    from werkzeug.datastructures import MultiDict

    from scorekeeper import forms
    from scorekeeper.views.rounds import _context

    stored = store.load(db, game_id)
    assert stored is not None
    ctx = _context(stored, number)
    data = forms.read(stored.game.rules, MultiDict(fields), step, ctx)
    store.save_draft(db, game_id, number, step, data)


def measured(page, base: str, save: Save, floor: bool = False) -> float:
    """Open the scorer's page, type the last step in, tap save: ms from the tap to the new row painted."""
    page.goto(f"{base}/games/{save.game}", wait_until="load")
    page.evaluate(FILL, save.fields)
    row = f"round-{save.number}"
    page.evaluate(phone.MEASURE.replace("round-6", row))
    if floor:
        page.evaluate(phone.FLOOR.replace("round-6", row))
    page.locator("#round-entry button[type=submit]").click()
    return float(page.evaluate("window.__measure"))


class Side:
    """One server of the comparison, its games stored in a folder of its own, and the phone's page on it."""

    def __init__(self, name: str, rounds: int, only: list[str], tree: Path | None = None):
        self.name, self.folder = name, Path(tempfile.mkdtemp(prefix=f"scorekeeper-phone-{name}-"))
        self.saves = prepare(self.folder / "scorekeeper.sqlite", rounds, only)
        self.floors = prepare(self.folder / "scorekeeper.sqlite", 5, only[:1] or [registry.GAMES[0].id])
        self.server = _server(self.folder, tree)
        self.base = f"http://{HOST}:{self.server.port}"
        self.times: dict[str, list[float]] = {}
        self.floor: list[float] = []

    def stop(self) -> None:
        """Stop the server and drop the folder."""
        self.server.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


def _server(folder: Path, tree: Path | None) -> Server:
    """The real server, from this tree or from `tree` (its package found first on the path)."""
    if tree is None:
        return Server(folder)
    was = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = str(tree) + (os.pathsep + was if was else "")
    try:
        return Server(folder)
    finally:
        if was is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = was


def main() -> None:
    """Measure every game's main save (on one server, or two alternating) and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rounds", nargs="?", type=int, default=5)
    parser.add_argument("--against", type=Path, help="another checkout: measured as 'before', alternating")
    parser.add_argument("--only", default="", help="games by id, comma-separated")
    args = parser.parse_args()
    only = [g for g in args.only.split(",") if g]
    sides = [Side("after", args.rounds, only)]
    if args.against:
        sides.insert(0, Side("before", args.rounds, only, args.against))
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=phone.chromium(), args=phone.FLAGS)
            pages = {side.name: phone.scorer_page(browser, side.base) for side in sides}
            for side in sides:
                phone.throttle(pages[side.name])
                measured(pages[side.name], side.base, side.floors[0])  # warm: static files cached
            for k in range(len(sides[0].saves)):
                for side in sides if k % 2 else sides[::-1]:  # each side first in turn: no order favoured
                    save = side.saves[k]
                    side.times.setdefault(save.rules, []).append(measured(pages[side.name], side.base, save))
            for k in range(1, len(sides[0].floors)):
                for side in sides if k % 2 else sides[::-1]:
                    side.floor.append(measured(pages[side.name], side.base, side.floors[k], floor=True))
            browser.close()
    finally:
        for side in sides:
            side.stop()
    report(sides)


def report(sides: list[Side]) -> None:
    """The medians (min-max) of each game's saves, of all of them and of the floor, per side."""
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} CPUs")
    names = " | ".join(s.name for s in sides)
    print(f"tap save to the new row painted, ms, median (min-max) over the game's rounds: {names}")
    for game in sides[0].times:
        cells = [_cell(s.times[game]) for s in sides]
        print(f"  {game:16} {len(sides[0].times[game]):2} saves  " + " | ".join(cells))
    every = [[t for ts in s.times.values() for t in ts] for s in sides]
    print(f"  {'every game':16} {len(every[0]):2} saves  " + " | ".join(_cell(e) for e in every))
    print(f"  {'floor':16} {len(sides[0].floor):2} taps   " + " | ".join(_cell(s.floor) for s in sides))


def _cell(values: list[float]) -> str:
    """A median and the range."""
    return f"{statistics.median(values):5.0f} ({min(values):.0f}-{max(values):.0f})"


if __name__ == "__main__":
    main()
