"""A newcomer typed with the name of someone a seat was handed to (RULES.md section 8) is told two players share
it, beside the join form: the rules read the join as making the earlier hand-over's new player someone who had
already played, and said so of the hand-over ('Round 2, Zed: Zed has already played in this game: a seat goes to
someone new.'), a change the table did not touch. Played on the first game by id whose table may both take a
newcomer and hand a seat over, its sample's first round entered."""

from __future__ import annotations

import pytest

from scorekeeper import rules
from tests import pick
from tests.markup import parse
from tests.samples import enter, first, sample

FOUR = ["Anne", "Ben", "Cleo", "Dan"]
SAID = {
    "en": "Two players are named zed: names must differ.",
    "fr": "Deux joueurs s’appellent zed : les noms doivent être différents.",
}


def joins_and_hands_over(bundle) -> bool:
    """Its table may take a newcomer and hand a seat over."""
    return {"join", "seat"} <= set(rules.get(bundle.id).lineup_changes)


GAME = pick.game(joins_and_hands_over, pick.players(4))


def change(client, url: str, lang: str = "en", **fields):
    """One change posted from the changes page as a phone without JavaScript does: the response."""
    version = parse(client.get(f"{url}/lineup").get_data()).first("input", name="version").attrs["value"]
    return client.post(f"{url}/lineup", data={"version": version, **fields}, headers={"Accept-Language": lang})


@pytest.mark.parametrize("lang", SAID)
def test_a_newcomer_named_as_the_seat_s_new_player_is_told_two_players_share_the_name(client, lang):
    url = enter(client, first(sample(GAME).full_game(FOUR), 1))
    assert change(client, url, kind="seat", player="1", to="Zed").status_code == 303
    players = client.get(f"{url}/export.json").get_json()["players"]
    refused = change(client, url, lang, kind="join", name="zed")
    assert refused.status_code == 422
    said = parse(refused.get_data()).first("form", id="join").first(id="lineup-errors").text()
    assert said == SAID[lang]
    assert client.get(f"{url}/export.json").get_json()["players"] == players  # nothing stored
