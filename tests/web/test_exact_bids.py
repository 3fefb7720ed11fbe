"""The round form of the games of exact bids (forms/exact_bids.py, templates/exact_bids.html), tested once for
every game drawn by it: the dealer's hook refused beside the dealer with the number, the trump tapped with the
bids and shown on the board, a trump that is no suit refused, a correction showing the round as stored."""

import pytest

from tests import pick
from tests.markup import parse
from tests.web.helpers import HX, post_round, seats, start, text

P3 = ["Anne", "Ben", "Cleo"]
HOOKED = pick.game(pick.exact_bids, pick.option("hook"), pick.option("hands"))  # the dealer's hook, hands chosen
TRUMP = pick.game(pick.exact_bids, pick.round_field("trump"))  # a trump tapped with the bids
EN = {"Accept-Language": "en"}


def stored(client, url) -> list[dict]:
    """The rounds the game file holds."""
    return client.get(f"{url}/export.json").get_json()["rounds"]


@pytest.mark.parametrize("headers", [EN, {**HX, **EN}], ids=["plain", "htmx"])
def test_the_dealer_is_told_the_number_the_hook_forbids_and_nothing_is_stored(client, headers):
    url = start(client, HOOKED, P3, dealer=2, hands="3 2", hook="yes")
    page = text(client.get(url, headers=EN))
    assert "Dealer: the bids may not add up to 3 cards." in page
    response = post_round(client, url, 1, "bids", seats("bids", [1, 1, 1]), headers)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    cleo = html[html.index('id="player-2"') :]
    assert "As dealer you may not bid 1: the bids would add up to the 3 cards dealt." in cleo
    assert "Step 2" not in text(client.get(url, headers=EN)) and stored(client, url) == []
    assert post_round(client, url, 1, "bids", seats("bids", [1, 1, 0]), headers).status_code in (200, 303)
    assert "Step 2 of 2" in text(client.get(url, headers=EN))


def test_the_trump_is_tapped_with_the_bids_and_shown_on_the_board(client):
    url = start(client, TRUMP, P3)
    form = parse(client.get(url, headers=EN).get_data())
    assert form.offered("trump") == ["clubs", "diamonds", "hearts", "spades", "none"]
    assert form.ticked("trump") == ["none"]
    assert post_round(client, url, 1, "bids", {**seats("bids", [1, 0, 0]), "trump": "hearts"}).status_code == 303
    assert post_round(client, url, 1, "tricks", seats("tricks", [1, 0, 0])).status_code == 303
    assert post_round(client, url, 2, "bids", seats("bids", [0, 1, 0])).status_code == 303  # nothing tapped: none
    assert post_round(client, url, 2, "tricks", seats("tricks", [0, 1, 1])).status_code == 303
    assert [r["trump"] for r in stored(client, url)] == ["hearts", None]
    board = client.get(url, headers=EN).get_data(as_text=True)
    trumps = [(abbr.attrs.get("title"), abbr.text()) for abbr in parse(board).all("abbr")]
    assert ("Trump", "♥") in trumps and "1 card ♥" in parse(board).text() and "2 cards</small>" in board
    correction = client.get(f"{url}/rounds/1/edit", headers=EN).get_data(as_text=True)
    assert 'name="trump" value="hearts" checked' in correction


@pytest.mark.parametrize("trump", ["joker", "Hearts", "x" * 500])
def test_a_trump_that_is_no_suit_is_refused(client, trump):
    url = start(client, TRUMP, P3)
    response = post_round(client, url, 1, "bids", {**seats("bids", [1, 0, 0]), "trump": trump}, EN)
    assert response.status_code == 422 and "Trump: choose one." in text(response)
    assert "Step 2" not in text(client.get(url, headers=EN))
