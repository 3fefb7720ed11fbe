"""Inferno's table changing on the web (RULES.md section 8), with its numbers: a player who sits out scores the
round's highest (the lowest total wins, stepping away must not pay), a latecomer starts at the worst total."""

import pytest

from tests.web.helpers import HX, change, post_round

from .steps import after_one_round, others

pytestmark = pytest.mark.two_engines


def test_a_sit_out_leaves_the_round_form_to_those_who_play(client):
    url = after_one_round(client)
    assert change(client, url, "sit_out", sit_out="1").status_code == 303
    page = client.get(url).get_data(as_text=True)
    form = page[page.index('id="round-form"') : page.index('id="scoreboard"')]
    assert 'name="other.2"' in form and 'name="other.3"' not in form and "Ben" not in form
    assert post_round(client, url, 2, "round", others([7, 12, 3]), HX).status_code == 200
    result = client.get(f"{url}/export.json").get_json()
    assert result["rounds"][1]["other"] == [7, None, 12, 3]
    assert result["result"]["rounds"][1]["scores"] == [7, 12, 12, 3]  # Ben scores the round's highest


def test_a_latecomer_joins_at_the_worst_total_and_plays_the_next_round(client):
    url = after_one_round(client)
    page = client.get(f"{url}/lineup").get_data(as_text=True)
    assert 'name="start" type="number" inputmode="numeric" min="-9999" max="9999" value="4"' in page
    assert change(client, url, "join", name="Eve", after="0", start="4").status_code == 303
    exported = client.get(f"{url}/export.json").get_json()
    assert exported["players"][-1] == "Eve" and exported["changes"] == [
        {"before": 2, "join": 4, "after": 0}  # the start as offered: the default, Dan's 4 (it follows corrections)
    ]
    board = client.get(url).get_data(as_text=True)
    assert "Eve" in board[board.index('id="scoreboard"') :]
    assert 'name="other.4"' in board[board.index('id="round-form"') : board.index('id="scoreboard"')]
