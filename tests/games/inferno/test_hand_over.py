"""A seat handed over (RULES.md section 8) is played under its new holder's name from then on: the next round's
form and its deal line name them, not the player who left the seat."""

import pytest

from tests.markup import text
from tests.web.helpers import imported

pytestmark = pytest.mark.two_engines

NONE = [0, 0, 0, 0, 0]
GAME = {
    "format": "scorekeeper-game/1",
    "rules": "inferno",
    "players": ["Anne", "Ben", "Cleo", "Dan"],
    "first_dealer": 3,
    "rounds": [{"red": [NONE] * 4, "other": [4, 5, 6, 7]}],
    "changes": [{"before": 2, "seat": 0, "to": "Marc"}],
}


def test_the_next_round_is_entered_under_the_new_holder_s_name(client):
    url = imported(client, GAME)
    page = client.get(url, headers={"Accept-Language": "en"}).get_data(as_text=True)
    form = text(page[page.index('id="round-form"') : page.index('id="scoreboard"')])
    assert "Marc deals" in form and "Anne" not in form
