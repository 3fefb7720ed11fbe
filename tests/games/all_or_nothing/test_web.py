"""ALL or NOTHING through the test client: a game that ends early on a made ALL, reneges, bad input."""

import pytest

from tests.web.helpers import HX, post_round, seats, start, text, totals

P4 = ["Anne", "Julien", "Sylvie", "Pierre"]
EN = {"Accept-Language": "en"}


@pytest.fixture
def url(client):
    return start(client, "all-or-nothing", P4, dealer=3)


def hand(client, url, number, bids, tricks, reneges=None, headers=None):
    """Both steps of one hand; the response of the second."""
    first = post_round(client, url, number, "bids", seats("bids", bids), headers)
    assert first.status_code in (200, 303), text(first)
    fields = seats("tricks", tricks)
    if reneges:
        fields.update(seats("reneges", reneges))
    return post_round(client, url, number, "tricks", fields, headers)


def test_setup_shows_dealer_and_ten_cards(client, url):
    page = text(client.get(url, headers=EN))
    assert "Pierre deals 10 cards each; Anne bids and leads first." in page
    assert totals(client.get(url)) == ["100", "100", "100", "100"]


def test_scores_go_down_and_up_and_reneges_add_twenty(client, url):
    response = hand(client, url, 1, ["nothing", "nothing", "all", "nothing"], [0, 2, 8, 0], [0, 0, 1, 0])
    assert response.status_code == 303
    assert totals(client.get(url)) == ["80", "120", "140", "80"]


def test_a_made_all_ends_the_game_at_once(client, url):
    hand(client, url, 1, ["nothing"] * 4, [0, 0, 0, 10])
    response = hand(client, url, 2, ["all", "nothing", "nothing", "nothing"], [10, 0, 0, 0], headers=HX)
    assert response.status_code == 200
    assert "Winner: Anne" in text(client.get(url, headers=EN))
    assert totals(client.get(url)) == ["−20", "60", "60", "180"]  # scores are never clamped at 0
    late = post_round(client, url, 3, "bids", seats("bids", ["all"] * 4), EN)
    assert late.status_code == 422
    assert "The game is over: no round 3 can be entered." in text(late)
    assert "Winner: Anne" in text(late)


def test_a_hand_after_the_end_is_refused_with_a_message(client, url):
    hand(client, url, 1, ["all", "nothing", "nothing", "nothing"], [10, 0, 0, 0])
    response = post_round(client, url, 2, "tricks", seats("tricks", [10, 0, 0, 0]), EN)
    assert response.status_code == 422
    assert "The game was already over" in text(response) or "not recorded" in text(response)


@pytest.mark.parametrize("bids, status", [(["all", "nothing", "maybe", "all"], 422), (["all", "nothing", "all"], 422)])
def test_bad_bids(client, url, bids, status):
    response = post_round(client, url, 1, "bids", seats("bids", bids), EN)
    assert response.status_code == status
    assert "Round 1" in text(response)


def test_tricks_must_add_up_and_be_numbers(client, url):
    post_round(client, url, 1, "bids", seats("bids", ["nothing"] * 4))
    for tricks in ([1, 1, 1, 1], [11, -1, 0, 0], ["un", 0, 0, 10]):
        response = post_round(client, url, 1, "tricks", seats("tricks", tricks), EN)
        assert response.status_code == 422, tricks
    assert totals(client.get(url)) == ["100"] * 4


def test_malformed_round_number_is_a_bad_request(client, url):
    response = client.post(f"{url}/rounds", data={"number": "x", "step": "bids"})
    assert response.status_code == 400
    response = client.post(f"{url}/rounds", data={"number": "1", "step": "fly"})
    assert response.status_code == 400


def test_unknown_game_is_404(client):
    assert client.get("/games/doesnotexist123").status_code == 404
    assert client.post("/games/doesnotexist123/rounds", data={"number": "1"}).status_code == 404
