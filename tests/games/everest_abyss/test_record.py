"""Everest & Abyss's statistics on a player's record, worked out by hand from its sample's showdown."""

import pytest

from tests.samples import sample
from tests.web.helpers import statistics

pytestmark = pytest.mark.two_engines


def test_its_statistics_are_the_rounds_survived_and_won_and_the_biggest_pot(client):
    of = statistics(client, sample("everest-abyss").showdown())
    # Őrs won round 2 by Big Boss (tied 12 and 12, bet first) and was out in round 5
    assert of("Őrs") == {
        "survived": "4",
        "won": "1",
        "big_boss": "1",
        "biggest_pot": "5",
    }
    assert of("Zoë")["biggest_pot"] == "27"
