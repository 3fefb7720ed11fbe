"""ALL or NOTHING's statistics on a player's record, worked out by hand from its sample's whole game."""

import pytest

from tests.samples import sample
from tests.web.helpers import statistics

pytestmark = pytest.mark.two_engines


def test_its_statistics_are_the_bids_made(client):
    of = statistics(client, sample("all-or-nothing").full_game())
    # Zoë: ALL bid twice, never made; one NOTHING bid of eight made
    assert of("Zoë") == {
        "made": "1 of 10 (10%)",
        "all_made": "0 of 2 (0%)",
        "nothing_made": "1 of 8 (12%)",  # 12.5, rounded to even,
    }
