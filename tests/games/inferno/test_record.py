"""Inferno's statistics on a player's record: the red points a round, over its sample's whole game."""

import pytest

from scorekeeper import gamefile, rules
from tests.samples import sample
from tests.web.helpers import statistics

pytestmark = pytest.mark.two_engines


def test_its_statistic_is_the_red_points_a_round(client):
    game = sample("inferno").full_game()
    of = statistics(client, game)
    # red points over the four rounds
    played = rules.play(gamefile.from_document(game))
    zoe = sum(r.marks["red_points"][0] for r in played.rounds) / len(played.rounds)
    assert of("Zoë") == {"red": f"{zoe:.1f}".removesuffix(".0")}
