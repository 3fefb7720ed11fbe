"""The browser tests of every game play each way of drawing a game once (drawn.py): a game drawn by the same
building blocks as another is left out, a game that draws anything itself is kept."""

from __future__ import annotations

from scorekeeper import registry
from tests.browser import drawn


def game_folder(root, module: str, board: str, script: str = "") -> None:
    """A game's folder under `root` with its board template (and script)."""
    folder = root / module
    folder.mkdir()
    (folder / "board.html").write_text(board)
    if script:
        (folder / "script.js").write_text(script)


def test_every_registered_game_draws_its_own_way_today():
    assert [param.values[0] for param in drawn.DRAWN] == list(registry.ids())


def test_a_game_drawn_by_the_same_blocks_as_another_is_played_once(tmp_path, monkeypatch):
    blocks = '{%% import "blocks.html" as b %%}{# %s #}\n{%% set cell = b.cell %%}'
    game_folder(tmp_path, "oh_hell", blocks % "Oh Hell: the shared blocks")
    game_folder(tmp_path, "wizard", blocks % "Wizard: the same blocks, said otherwise")
    game_folder(tmp_path, "whist", blocks % "Whist", script="a script of its own")
    game_folder(tmp_path, "skat", '{% import "blocks.html" as b %}{% set cell = b.other_cell %}')
    bundles = (registry.Bundle("oh-hell"), registry.Bundle("wizard"), registry.Bundle("whist", script=True))
    bundles += (registry.Bundle("skat"),)
    monkeypatch.setattr(registry.Bundle, "folder", property(lambda bundle: tmp_path / bundle.module))
    monkeypatch.setattr(registry, "GAMES", bundles)
    assert drawn.one_of_each_drawing() == ["oh-hell", "whist", "skat"]
