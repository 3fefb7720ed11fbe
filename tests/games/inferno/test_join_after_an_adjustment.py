"""A latecomer joins a game that had an adjustment (RULES.md section 8): every adjustment lists one number per
player (FORMAT.md), so the newcomer's entry is added to the adjustments before them, and taken away again when
their join is undone; the join was refused ("An adjustment lists one number for each of the 5 sides")."""

import json

import pytest

from tests.markup import parse
from tests.web.helpers import change, post_round, text

from .steps import after_one_round, others

pytestmark = pytest.mark.two_engines

FOUR = ["Anne", "Ben", "Cleo", "Dan"]
EN = {"Accept-Language": "en"}


@pytest.fixture
def url(client):
    """Inferno after one round (Anne 1, Ben 2, Cleo 3, Dan 4) and a misdeal fining Ben 5 before round 2."""
    url = after_one_round(client)
    assert change(client, url, "adjust", EN, **{"points.1": "5"}, reason="misdeal").status_code == 303
    return url


@pytest.mark.parametrize("rounds_between", [0, 1], ids=["same round", "a round later"])
def test_a_latecomer_joins_after_an_adjustment_and_the_game_file_round_trips(client, url, rounds_between):
    if rounds_between:
        assert post_round(client, url, 2, "round", others([1, 1, 1, 1])).status_code == 303
    joined = change(client, url, "join", EN, name="Eve", start="")
    assert joined.status_code == 303, text(joined)
    exported = client.get(f"{url}/export.json").get_json()
    assert exported["changes"][0]["adjust"] == [0, 5, 0, 0, 0]  # one number per player, Eve's 0
    assert exported["result"]["totals"][4] == 7 + rounds_between  # the highest total then: Ben's 2 + 5 (+ 1)
    again = client.post("/games/import", data=json.dumps(exported), content_type="application/json")
    assert again.status_code == 303, text(again)


def test_undoing_the_join_takes_the_newcomer_s_entry_out_of_the_adjustment(client, url):
    assert change(client, url, "join", EN, name="Eve", start="").status_code == 303
    was = parse(client.get(f"{url}/lineup").get_data()).first("form", id="undo-change").first("input", name="was")
    assert client.post(f"{url}/lineup/undo", data={"was": was.attrs["value"]}).status_code == 303
    exported = client.get(f"{url}/export.json").get_json()
    assert exported["players"] == FOUR and exported["changes"][0]["adjust"] == [0, 5, 0, 0]
    assert change(client, url, "join", EN, name="Eve", start="").status_code == 303  # and she may join again
