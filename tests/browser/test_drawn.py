"""The browser tests of every game play each way of drawing a game once (drawn.py): a game drawn by the same
building blocks as another is left out, a game that draws anything itself is kept."""

from __future__ import annotations

from scorekeeper import registry
from tests import pick
from tests.browser import drawn


def game_folder(root, module: str, board: str, script: str = "") -> None:
    """A game's folder under `root` with its board template (and script)."""
    folder = root / module
    folder.mkdir()
    (folder / "board.html").write_text(board)
    if script:
        (folder / "script.js").write_text(script)


def test_every_game_that_draws_anything_itself_is_played_and_every_game_left_out_is_drawn_as_one_played():
    played = drawn.one_of_each_drawing()
    own = [b.id for b in registry.GAMES if b.script or b.style]  # a script or a style of its own: always played
    assert set(own) <= set(played)
    assert {drawn.drawing(registry.get(rules_id)) for rules_id in registry.ids()} == {
        drawn.drawing(registry.get(rules_id)) for rules_id in played
    }  # every game left out is drawn as one played
    assert len(set(map(drawn.drawing, map(registry.get, played)))) == len(played)  # none played twice


def test_a_game_drawn_by_the_same_blocks_as_another_is_played_once(tmp_path, monkeypatch):
    blocks = '{%% import "blocks.html" as b %%}{# %s #}\n{%% set cell = b.cell %%}'
    game_folder(tmp_path, "canasta", blocks % "Canasta: the shared blocks")
    game_folder(tmp_path, "rummy", blocks % "Rummy: the same blocks, said otherwise")
    game_folder(tmp_path, "whist", blocks % "Whist", script="a script of its own")
    game_folder(tmp_path, "skat", '{% import "blocks.html" as b %}{% set cell = b.other_cell %}')
    bundles = (registry.Bundle("canasta"), registry.Bundle("rummy"), registry.Bundle("whist", script=True))
    bundles += (registry.Bundle("skat"),)
    monkeypatch.setattr(registry.Bundle, "folder", property(lambda bundle: tmp_path / bundle.module))
    monkeypatch.setattr(registry, "GAMES", bundles)
    assert drawn.one_of_each_drawing() == ["canasta", "whist", "skat"]


def test_a_shared_block_plays_one_game_of_each_shape_with_a_script_of_its_own_where_there_is_one():
    played = drawn.one_of_each_shape(pick.own_script)
    for shape in drawn.SHAPES:
        of_shape = [g for g in played if shape(registry.get(g))]
        assert len(of_shape) == (1 if pick.games(shape) else 0), shape.__name__
        assert not pick.games(shape, pick.own_script) or pick.own_script(registry.get(of_shape[0])), shape.__name__
    assert drawn.one_of_each_shape() == [pick.games(shape)[0].id for shape in drawn.SHAPES if pick.games(shape)]
