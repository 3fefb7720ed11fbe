"""A game is found like a plugin. A game living outside this repository, as its own installed distribution
(a folder on sys.path holding its package and its dist-info, whose entry_points.txt names its Bundle in
the group scorekeeper.games), appears on the home page in its own words, with its new-game form, its board
and its bundle of script and style; and a game deleted (its folder and its entry point's line gone) leaves
the others working. Nothing mocked: a fresh Python process, over a copy of the package, finds the games
through importlib.metadata as a server does. The order the games are found in decides nothing."""

from __future__ import annotations

import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper import registry
from tests import pick
from tests.conftest import built_static
from tests.markup import parse

ROOT = Path(__file__).resolve().parent.parent
MARKUP = ROOT / "tests" / "markup.py"
BORROWED = registry.get(pick.game(pick.players(3)))  # any game three play: the outside game's scoring is its


def another(bundle: registry.Bundle) -> bool:
    """Any game but the one the outside game borrows its pieces from."""
    return bundle.id != BORROWED.id


GONE = pick.game(another)  # the game deleted from the copy

# the outside game: another game's scoring under another name, with its own words, board, script and style
PACKAGE = {
    "__init__.py": 'from scorekeeper.registry import Bundle\n\nGAME = Bundle("sixth-game", script=True, style=True)\n',
    "rules.py": (
        f"from {BORROWED.rules_module} import RULES as BORROWED\n\n\nclass Sixth(type(BORROWED)):\n"
        '    id = "sixth-game"\n    name = "Sixth Game"\n\n\nRULES = Sixth()\n'
    ),
    "form.py": f"from {BORROWED.form_module} import fields, read  # noqa: F401\n",
    "sheet.py": f"from {BORROWED.sheet_module} import SHEET  # noqa: F401\n",
    "script.js": 'document.documentElement.dataset.outside = "sixth-game-script";\n',
    "style.css": ".sixth-game-board { color: teal }\n",
    "translations/fr.po": 'msgid "Sixth Game"\nmsgstr "Sixième jeu"\n',
}
DIST_INFO = {
    "METADATA": "Metadata-Version: 2.1\nName: sixth-game\nVersion: 1.0\n",
    "entry_points.txt": "[scorekeeper.games]\nsixth-game = sixth_game:GAME\n",
}

# run in a fresh process, as an operator's server would be; the page read with the tests' parser, loaded from its
# file (the process's path holds the copied package and the outside game, not this repository)
SERVE = """
import importlib.util, json, sys
from scorekeeper import create_app, registry
from scorekeeper.db import migrate

spec = importlib.util.spec_from_file_location("markup", sys.argv[3])
markup = sys.modules["markup"] = importlib.util.module_from_spec(spec)
spec.loader.exec_module(markup)

migrate(sys.argv[1])
app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE": sys.argv[1], "STATIC_BUILD": sys.argv[2]})
phone = app.test_client()
home = phone.get("/", headers={"Accept-Language": "fr"}).get_data(as_text=True)
data = {"player.0": "Anne", "player.1": "Julien", "player.2": "Sylvie", "dealer": "0"}
started = phone.post("/new/sixth-game", data=data)
page = phone.get(started.headers["Location"]).get_data(as_text=True)
linked = [e.attrs.get("src") or e.attrs.get("href", "") for e in markup.parse(page).all()
          if e.tag in ("script", "link")]
bundles = [url for url in linked if url.startswith("/static/bundles/sixth-game.")]
print(json.dumps({
    "ids": registry.ids(),
    "home": home,
    "new": phone.get("/new/sixth-game").status_code,
    "started": started.status_code,
    "page": page,
    "bundles": [phone.get(url).get_data(as_text=True) for url in bundles],
    "others": [phone.post(f"/new/{game}", data=data).status_code for game in registry.ids()],
}))
"""


def install(site: Path) -> None:
    """The outside game, installed in `site` as pip would: its package and its dist-info."""
    for name, text in PACKAGE.items():
        (site / "sixth_game" / name).parent.mkdir(parents=True, exist_ok=True)
        (site / "sixth_game" / name).write_text(text, encoding="utf-8")
    board = (BORROWED.folder / "board.html").read_text(encoding="utf-8")
    (site / "sixth_game" / "board.html").write_text(board, encoding="utf-8")
    for name, text in DIST_INFO.items():
        (site / "sixth_game-1.0.dist-info").mkdir(exist_ok=True)
        (site / "sixth_game-1.0.dist-info" / name).write_text(text, encoding="utf-8")


def without(game: registry.Bundle, tree: Path) -> None:
    """This repository's app in `tree` with `game` deleted: its folder and its entry point's line gone."""
    shutil.copytree(ROOT / "scorekeeper", tree / "scorekeeper", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.rmtree(tree / "scorekeeper" / "games" / game.module)
    for shared in ("templates", "static"):
        (tree / shared).symlink_to(ROOT / shared)
    points = importlib.metadata.distribution("scorekeeper").read_text("entry_points.txt") or ""
    kept = [line for line in points.splitlines() if not line.startswith(f"{game.id} =")]
    (tree / "scorekeeper-0.1.0.dist-info").mkdir()
    (tree / "scorekeeper-0.1.0.dist-info" / "METADATA").write_text("Metadata-Version: 2.1\nName: scorekeeper\n")
    (tree / "scorekeeper-0.1.0.dist-info" / "entry_points.txt").write_text("\n".join(kept) + "\n")


def test_a_game_installed_from_elsewhere_is_offered_and_a_deleted_one_is_gone(tmp_path):
    site, tree = tmp_path / "site", tmp_path / "tree"
    install(site)
    without(registry.get(GONE), tree)
    built_static(tmp_path / "static")  # only the outside game's are built then
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(tree)])}
    command = [sys.executable, "-c", SERVE, str(tmp_path / "store.sqlite"), str(tmp_path / "static"), str(MARKUP)]
    served = subprocess.run(command, env=env, cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False)
    assert served.returncode == 0, served.stderr[-3000:]
    seen = json.loads(served.stdout)
    kept = [game for game in registry.ids() if game != GONE]
    assert seen["ids"] == [*kept, "sixth-game"]  # without an order of its own, after the built-in games
    home = parse(seen["home"])
    links = [a.attrs.get("href", "") for a in home.all("a")]
    offered = [link.removeprefix("/new/") for link in links if link.startswith("/new/")]
    assert offered == seen["ids"] and "Sixième jeu" in home.text()  # in its own French words
    assert seen["new"] == 200 and seen["started"] == 303
    assert "Anne" in parse(seen["page"]).first(id="scoreboard").text()  # its board, from its own folder
    assert any("sixth-game-script" in text for text in seen["bundles"])
    assert any(".sixth-game-board" in text for text in seen["bundles"])
    assert seen["others"] == [303] * len(seen["ids"])  # every game left starts


def test_the_order_games_are_found_in_decides_nothing():
    points = importlib.metadata.entry_points(group=registry.GROUP)
    assert registry.discover(reversed(list(points))) == registry.discover(points) == registry.GAMES
    assert [b.order for b in registry.GAMES] == sorted(b.order for b in registry.GAMES)


def test_an_entry_point_naming_no_game_or_another_game_stops_the_discovery_saying_which():
    def point(name: str, value: str) -> importlib.metadata.EntryPoint:
        return importlib.metadata.EntryPoint(name, value, registry.GROUP)

    game = registry.get(pick.game())  # any game, as this repository registers it
    real = point(game.id, f"{game.package}:GAME")
    rules_class = type(registry.load(game.rules_module).RULES).__name__
    for points, said in [
        ([real, point(game.id, f"{game.package}:GAME")], f"two games are registered as {game.id}"),
        ([point("hell", f"{game.package}:GAME")], f"names the game {game.id}"),
        ([point(game.id, f"{game.rules_module}:RULES")], f"is not a registry.Bundle but {rules_class}"),
        ([point("lost", "scorekeeper.games.lost:GAME")], "entry point lost = scorekeeper.games.lost:GAME"),
    ]:
        with pytest.raises(registry.NotAGame, match=said):
            registry.discover(points)
