"""Renaming the players of a Tout ou rien game whose table changed (RULES.md section 8): the names are checked
against the game as it is played, changes and all. A player renamed to the name a seat was handed over to was
stored, and the game's page, changes page and files answered 500 from then on ("Marc has already played in
this game"); and a table of six where one left and one came lists seven, which a rename refused as if seven sat
down at the start ("played by 3 to 6 players")."""

import pytest

from tests.games.tout_ou_rien.test_table_as_it_ended import CHANGED
from tests.web.helpers import imported, rename, text

pytestmark = pytest.mark.two_engines

EN = {"Accept-Language": "en"}


def test_a_player_is_not_renamed_to_the_name_a_seat_was_handed_over_to(client):
    url = imported(client, CHANGED)  # Anne's seat went to Marc before hand 3
    before = client.get(f"{url}/export.json").get_json()
    refused = rename(client, url, ["Anne", "Marc", "Cleo", "Dan", "Eve"], EN)
    assert refused.status_code == 422 and "Marc has already played in this game" in text(refused)
    assert client.get(url).status_code == 200 and client.get(f"{url}/export.json").get_json() == before


def test_a_table_of_six_where_one_left_and_one_came_is_renamed(client):
    secret = {"open": [False] * 6 + [None]}
    six = [{"bids": [1, 0, 0, 0, 0, 0, None], "tricks": [1, 1, 1, 1, 1, 1, None], **secret}]
    document = {
        "format": "scorekeeper-game/1",
        "rules": "tout-ou-rien",
        "players": ["Anne", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus"],
        "first_dealer": 0,
        "rounds": six,
        "changes": [{"before": 2, "leave": 5}, {"before": 2, "join": 6}],
    }
    url = imported(client, document)
    assert rename(client, url, ["Anne", "Ben", "Cleo", "Dan", "Eve", "Fay", "Guus"], EN).status_code == 303
    assert client.get(f"{url}/export.json").get_json()["players"][6] == "Guus"
