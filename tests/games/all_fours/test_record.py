"""All Fours's statistics on a player's record, worked out by hand from its sample's whole game in teams."""

import pytest

from tests.samples import sample
from tests.web.helpers import statistics

pytestmark = pytest.mark.two_engines


def test_its_statistics_are_the_points_taken_and_the_reneges(client):
    of = statistics(client, sample("all-fours").full_game())
    # in teams: Zoë & Őrs took High twice and Jack once, and reneged once
    assert of("Őrs") == {"high": "2", "low": "0", "jack": "1", "game": "0", "reneges": "1"}
    assert of("Łukasz") == {
        "high": "1",
        "low": "3",
        "jack": "0",
        "game": "2",
        "reneges": "0",
    }
