"""Wizard's rematch after the table grew (RULES.md section 8 and 10): the number of rounds the table chose is more
than the pack deals to the table as it ended, so the rematch plays as many as it deals, and the finished game says
so beside the rematch button before it is tapped (it was refused, 409)."""

import pytest

from tests.markup import parse
from tests.web.helpers import imported

FIFTEEN = {  # three players chose 15 rounds (the pack deals them 20); Dan, Eve and Fay join; the table stops
    "format": "scorekeeper-game/1",
    "rules": "wizard",
    "players": ["Anne", "Ben", "Cleo", "Dan", "Eve", "Fay"],
    "options": {"rounds": 15},
    "first_dealer": 0,
    "rounds": [{"bids": [1, 0, 0, None, None, None], "tricks": [1, 0, 0, None, None, None], "trump": None}],
    "changes": [*({"before": 2, "join": p} for p in (3, 4, 5)), {"before": 2, "stop": True}],
}
SAID = {
    "en": "Number of rounds: 15 cannot be played by 6 players; the rematch plays 10.",
    "fr": "Nombre de manches : 15 ne se joue pas à 6 joueurs ; la revanche en joue 10.",
    "de": "Anzahl der Runden: 15 geht mit 6 Spielern nicht; die Revanche spielt 10.",
}


@pytest.fixture
def url(client) -> str:
    """The game above, imported (so owned) by `client`."""
    return imported(client, FIFTEEN)


@pytest.mark.parametrize("lang", SAID)
def test_the_finished_game_says_the_rematch_plays_the_rounds_the_pack_deals(client, url, lang):
    page = parse(client.get(url, headers={"Accept-Language": lang}).get_data())
    assert page.first(id="rematch-notes").text() == SAID[lang]


def test_the_rematch_starts_with_as_many_rounds_as_the_pack_deals_to_the_table(client, url):
    again = client.post(f"{url}/rematch")
    assert again.status_code == 303
    exported = client.get(f"{again.headers['Location']}/export.json").get_json()
    assert len(exported["players"]) == 6 and exported["options"]["rounds"] == 10


def test_a_table_the_chosen_rounds_still_fit_is_told_nothing(client):
    fits = {**FIFTEEN, "options": {"rounds": 9}}
    url = imported(client, fits)
    assert not parse(client.get(url).get_data()).all(id="rematch-notes")
    exported = client.get(f"{client.post(f'{url}/rematch').headers['Location']}/export.json").get_json()
    assert exported["options"]["rounds"] == 9
