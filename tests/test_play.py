"""Playing a game changes nothing of it: every game's set-up without options is played with its defaults, and
the game handed in keeps what it said; `checked` gives the game as played, its options complete."""

from __future__ import annotations

import copy
import json

import pytest

from scorekeeper import gamefile, rules
from scorekeeper.rules import Game


@pytest.mark.parametrize("rules_", rules.all_rules(), ids=lambda r: r.id)
def test_playing_a_game_leaves_it_as_it_was(rules_):
    game = Game(rules_.id, [f"Player {k + 1}" for k in range(rules_.min_players)], {}, 0, [])
    kept = copy.deepcopy(game)
    rules.play(game)
    assert game == kept
    played = rules.checked(game)
    assert set(played.options) == {option.name for option in rules_.options} and game.options == {}


@pytest.mark.parametrize("rules_", rules.all_rules(), ids=lambda r: r.id)
def test_a_game_file_without_options_loads_with_every_default(rules_):
    """The store and the sheets read a loaded game's options: play() no longer fills them in on the way."""
    players = [f"Player {k + 1}" for k in range(rules_.min_players)]
    loaded = gamefile.loads(json.dumps({"format": gamefile.FORMAT, "rules": rules_.id, "players": players}))
    assert set(loaded.options) == {option.name for option in rules_.options}
