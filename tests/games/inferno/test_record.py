"""Inferno's statistics on a player's record: the red points a round, over its sample's whole game."""

import pytest

from scorekeeper import gamefile, rules
from tests.samples import sample
from tests.web.test_history import imported, statistics_of

pytestmark = pytest.mark.two_engines


def test_its_statistic_is_the_red_points_a_round(client):
    imported(client, sample("inferno").full_game())
    # red points over the four rounds
    played = rules.play(gamefile.from_document(sample("inferno").full_game()))
    zoe = sum(r.marks["red_points"][0] for r in played.rounds) / len(played.rounds)
    assert statistics_of(client, "Zoë", "inferno") == {"red": f"{zoe:.1f}".removesuffix(".0")}
