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


def test_the_games_with_a_board_script_and_style_of_their_own_are_each_played():
    own = ["tout-ou-rien", "all-or-nothing", "everest-abyss", "all-fours", "inferno"]
    assert [rules_id for rules_id in drawn.one_of_each_drawing() if rules_id in own] == own
    assert {drawn.drawing(registry.get(rules_id)) for rules_id in registry.ids()} == {
        drawn.drawing(registry.get(rules_id)) for rules_id in drawn.one_of_each_drawing()
    }  # every game left out is drawn as one played


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
