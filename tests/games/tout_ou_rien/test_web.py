"""Tout ou rien through the test client, with and without htmx: setup, the two steps, corrections,
undo, the end, and every bad input refused with a clear message and nothing stored."""

import pytest

from tests.markup import Element, parse
from tests.web.helpers import HX, post_round, seats, start, text, totals, undo

P3 = ["Anne", "Julien", "Sylvie"]
EN = {"Accept-Language": "en"}


def bids(url, client, number, values, opens, headers=None):
    """Post the bids step: who bids openly, and the open bids (a secret player's bid is left out)."""
    shown = {f"bids.{seat}": v for seat, (v, o) in enumerate(zip(values, opens, strict=True)) if o}
    fields = {**shown, **seats("open", ["open" if o else "secret" for o in opens])}
    return post_round(client, url, number, "bids", fields, headers)


def tricks(url, client, number, values, headers=None, secret=None):
    """Post the tricks step, with the secret bids turned up (`secret`: {seat: bid})."""
    fields = {**seats("tricks", values), **{f"bids.{seat}": bid for seat, bid in (secret or {}).items()}}
    return post_round(client, url, number, "tricks", fields, headers)


@pytest.fixture
def url(client):
    return start(client, "tout-ou-rien", P3, dealer=0, hands="3 2")


def test_home_offers_every_game_with_its_player_count(client):
    page = text(client.get("/", headers={"Accept-Language": "en"}))
    assert "Tout ou rien" in page and "3 to 6 players" in page
    assert "ALL or NOTHING" in page


def test_a_round_in_two_steps_without_javascript(client, url):
    assert "Anne deals 3 cards each" in text(client.get(url, headers={"Accept-Language": "en"}))
    assert "Anne donne 3 cartes à chacun" in text(client.get(url, headers={"Accept-Language": "fr"}))
    response = bids(url, client, 1, [1, 2, 0], [False, True, False])
    assert response.status_code == 303
    page = client.get(url).get_data(as_text=True)
    assert 'name="tricks.0"' in page and 'name="open.0"' not in page
    assert 'name="bids.0"' in page and 'name="bids.1"' not in page  # the secret bids come now, the open one stands
    response = tricks(url, client, 1, [1, 2, 0], secret={0: 1, 2: 0})
    assert response.status_code == 303
    page = client.get(url)
    assert totals(page) == ["4", "7", "3"]  # secret 1 made: 1+3; open 2 made: 4+3; secret 0 made: 3


def test_secret_bids_are_masked_until_the_tricks_are_in(client, url):
    bids(url, client, 1, [3, 2, 1], [False, True, False])
    html = client.get(url).get_data(as_text=True)
    assert 'value="3"' in html  # the chip exists...
    page = text(client.get(url, headers={"Accept-Language": "en"}))
    assert "open bid 2" in page
    assert "bid 3" not in page and "bid 1" not in page
    tricks(url, client, 1, [2, 1, 0], secret={0: 3, 2: 1})
    page = client.get(url).get_data(as_text=True)
    assert "3/2" in page and "1/0" in page  # now shown on the board


def test_htmx_save_swaps_the_form_and_the_board(client, url):
    bids(url, client, 1, [1, 2, 0], [False, False, False], HX)
    response = tricks(url, client, 1, [1, 2, 0], HX, secret={0: 1, 1: 2, 2: 0})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<section id="round-form"')
    assert 'id="scoreboard" class="card" hx-swap-oob="replace"' in html
    assert "<html" not in html
    assert response.headers["Vary"].startswith("HX-Request")


def test_tricks_that_do_not_add_up_are_refused_and_say_why(client, url):
    bids(url, client, 1, [1, 1, 1], [False] * 3)
    for headers in ({}, HX):
        response = tricks(url, client, 1, [1, 1, 0], headers, secret={0: 1, 1: 1, 2: 1})
        assert response.status_code == 422
        assert "add up to 2" in text(response) or "font 2" in text(response)
    assert totals(client.get(url)) == ["0", "0", "0"]


@pytest.mark.parametrize(
    "fields, where",
    [
        ({"bids.0": "x", "bids.1": "1", "bids.2": "1"}, "Anne"),
        ({"bids.0": "7", "bids.1": "1", "bids.2": "1"}, "Anne"),
        ({"bids.0": "-1", "bids.1": "1", "bids.2": "1"}, "Anne"),
        ({"bids.0": "1", "bids.1": "1"}, "Sylvie"),
    ],
)
def test_bad_bids_name_the_player(client, url, fields, where):
    response = post_round(client, url, 1, "bids", {**fields, **seats("open", ["open"] * 3)})  # open bids: step 1
    assert response.status_code == 422
    assert f"Round 1, {where}" in text(response) or f"Manche 1, {where}" in text(response)
    assert post_round(client, url, 1, "bids", seats("open", ["secret"] * 3)).status_code == 303
    response = post_round(client, url, 1, "tricks", {**fields, **seats("tricks", [1, 1, 1])})  # secret bids: step 2
    assert response.status_code == 422
    assert f"Round 1, {where}" in text(response) or f"Manche 1, {where}" in text(response)
    assert client.get(f"{url}/export.json").get_json()["rounds"] == []


def test_negative_and_non_numeric_tricks(client, url):
    bids(url, client, 1, [1, 1, 1], [False] * 3)
    response = tricks(url, client, 1, [4, -1, 0], secret={0: 1, 1: 1, 2: 1})
    assert response.status_code == 422 and "Julien" in text(response)
    response = post_round(
        client, url, 1, "tricks", {"tricks.0": "deux", "tricks.1": "1", "tricks.2": "0", **seats("bids", [1, 1, 1])}
    )
    assert response.status_code == 422 and "Anne" in text(response)


def play_round(client, url, number, b, t):
    bids(url, client, number, b, [False] * 3)
    return tricks(url, client, number, t, secret=dict(enumerate(b)))


def test_correct_round_then_the_end_and_reopening(client, url):
    play_round(client, url, 1, [1, 2, 0], [1, 2, 0])
    play_round(client, url, 2, [2, 0, 0], [2, 0, 0])
    page = client.get(url, headers={"Accept-Language": "en"})
    assert "Winner: Anne" in text(page)
    assert totals(page) == ["9", "8", "6"]
    refused = bids(url, client, 3, [1, 1, 1], [False] * 3)
    assert refused.status_code == 409 or refused.status_code == 422
    edit = client.get(f"{url}/rounds/2/edit")
    assert edit.status_code == 200
    was = edit.get_data(as_text=True).split('name="was" value="')[1].split('"')[0].replace("&#34;", '"')
    fields = {**seats("bids", [0, 1, 1]), **seats("open", ["secret"] * 3), **seats("tricks", [0, 1, 1]), "was": was}
    response = client.post(f"{url}/rounds/2", data=fields)
    assert response.status_code == 303
    page = client.get(url, headers={"Accept-Language": "en"})
    assert totals(page) == ["7", "9", "7"] and "Winner: Julien" in text(page)


def test_a_correction_keeps_the_trump_a_game_file_gave(client):
    """A round read from a game file names its trump; the correction form has no trump field, so a corrected
    round keeps the one it had (it was dropped: the export then lost it)."""
    played = {"bids": [1, 0, 0], "open": [True, False, False], "tricks": [1, 0, 0], "trump": "hearts"}
    game = {"format": "scorekeeper-game/1", "rules": "tout-ou-rien", "players": P3, "options": {"hands": [1, 1]}}
    url = client.post("/games/import", json={**game, "rounds": [played]}).headers["Location"]
    edit = client.get(f"{url}/rounds/1/edit").get_data(as_text=True)
    was = edit.split('name="was" value="')[1].split('"')[0].replace("&#34;", '"')
    fields = {**seats("bids", [0, 0, 0]), **seats("open", ["open", "secret", "secret"]), **seats("tricks", [0, 1, 0])}
    assert client.post(f"{url}/rounds/1", data={**fields, "was": was}).status_code == 303
    corrected = client.get(f"{url}/export.json").get_json()["rounds"][0]
    assert corrected == {"bids": [0, 0, 0], "open": [True, False, False], "tricks": [0, 1, 0], "trump": "hearts"}


@pytest.mark.parametrize(
    "players, message",
    [
        (["Anne", "Julien"], "3"),
        (["Anne", "anne", "Sylvie"], "anne"),
        (["Anne", "Julien", "x" * 41], "40"),
    ],
)
def test_bad_setups_are_refused(client, players, message):
    data = {**seats("player", players), "dealer": "0"}
    response = client.post("/new/tout-ou-rien", data=data)
    assert response.status_code == 422 and message in text(response)


def test_bad_options_and_unknown_game(client):
    data = {"player.0": "A", "player.1": "B", "player.2": "C", "dealer": "0", "option.hands": "6 9"}
    assert client.post("/new/tout-ou-rien", data=data).status_code == 422
    data["option.hands"] = "six"
    assert client.post("/new/tout-ou-rien", data=data).status_code == 422
    assert client.post("/new/belote", data=data).status_code == 422
    assert client.get("/new/belote").status_code == 404


def test_names_are_escaped(client):
    url = start(client, "tout-ou-rien", ["<script>alert(1)</script>", "B", "C"])
    html = client.get(url).get_data(as_text=True)
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;" in html


def test_a_bid_above_the_hand_size_is_accepted_with_a_warning(client):
    url = start(client, "tout-ou-rien", P3, hands="2")
    assert bids(url, client, 1, [5, 4, 0], [True, False, False]).status_code == 303
    page = text(client.get(url, headers={"Accept-Language": "en"}))
    assert "Bid 5 is more than the 2 cards dealt." in page  # an open bid: everyone sees it anyway
    assert "Bid 4" not in page  # a secret one is not given away before the tricks are in
    assert tricks(url, client, 1, [2, 0, 0], secret={1: 4, 2: 0}).status_code == 303
    html = client.get(url, headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert 'title="Bid 4 is more than the 2 cards dealt."' in html  # now on the board


def test_setup_shows_every_problem_at_once(client):
    data = {"player.0": "Anne", "player.1": "anne", "player.2": "Sylvie", "dealer": "0", "option.hands": "6 9"}
    page = text(client.post("/new/tout-ou-rien", data=data, headers={"Accept-Language": "en"}))
    assert "Two players are named anne" in page and "must be between 1 and 6" in page


def test_tied_players_share_their_rank_in_the_standings(client):
    url = start(client, "tout-ou-rien", ["A", "B", "C", "D"], hands="2")
    post_round(client, url, 1, "bids", {**seats("bids", [1, 1, 0, 0]), **seats("open", ["secret"] * 4)})
    post_round(client, url, 1, "tricks", {**seats("bids", [1, 1, 0, 0]), **seats("tricks", [1, 1, 0, 0])})
    html = client.get(url).get_data(as_text=True)
    standings = html.split('class="standings"')[1].split("</ol>")[0]
    assert next(iter(standings.split('value="')[1:])).startswith("1")
    assert [v[0] for v in standings.split('value="')[1:]] == ["1", "1", "3", "3"]


def test_language_switch_after_a_refused_form_returns_to_the_game(client, url):
    response = post_round(client, url, 1, "bids", seats("bids", ["x", 1, 1]), {"Referer": f"http://localhost{url}"})
    assert response.status_code == 422
    assert f"/lang/en?next={url}" in response.get_data(as_text=True).replace("%2F", "/")


def test_a_stale_tricks_page_never_takes_the_next_rounds_bids(client, url):
    play_round(client, url, 1, [1, 2, 0], [1, 2, 0])
    bids(url, client, 2, [2, 0, 0], [True] * 3)  # round 2's bids are in
    assert undo(client, url, 1).status_code == 303  # round 1 taken back: its bids are gone too
    response = tricks(url, client, 1, [1, 1, 1])  # a page left open on round 1's tricks
    assert response.status_code == 422
    assert client.get(f"{url}/export.json").get_json()["rounds"] == []


def ticked_bids(form: Element) -> list[tuple[str, str]]:
    """Each ticked bid chip as (seat, bid), in the order the form draws them."""
    return [
        (f.attrs["name"].removeprefix("bids."), f.attrs["value"]) for f in form.fields("bids.") if "checked" in f.attrs
    ]


def test_step_one_takes_the_open_bids_and_who_bids_in_secret_never_a_secret_bid(client, url):
    """RULES.md: secret bid cards lie face down until the end of the hand. A bid tapped for a secret player
    before the hand is not kept, so "Change the bids" cannot show it."""
    posted = {**seats("bids", [3, 2, 1]), **seats("open", ["secret", "open", "secret"])}
    assert post_round(client, url, 1, "bids", posted).status_code == 303
    again = parse(client.get(f"{url}?step=bids", headers={"Accept-Language": "en"}).get_data())
    assert ticked_bids(again) == [("1", "2")]  # the open bid, and no secret one
    step2 = parse(client.get(url).get_data())
    assert ticked_bids(step2) == []  # the secret bids are asked, blank
    assert sorted({chip.attrs["name"] for chip in step2.fields("bids.")}) == ["bids.0", "bids.2"]
    assert "Step 2 of 2: the secret bids and the tricks taken." in text(
        client.get(url, headers={"Accept-Language": "en"})
    )


@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
def test_a_secret_bid_left_out_after_the_hand_is_refused_naming_the_player(client, url, headers):
    bids(url, client, 1, [1, 2, 0], [False, True, False])
    response = tricks(url, client, 1, [1, 2, 0], {**headers, "Accept-Language": "en"}, secret={0: 1})
    assert response.status_code == 422
    assert "Round 1, Sylvie: The secret bid is missing." in text(response)
    assert 'name="tricks.0" value="1" checked' in response.get_data(as_text=True)  # the taps are kept
    assert client.get(f"{url}/export.json").get_json()["rounds"] == []
    assert tricks(url, client, 1, [1, 2, 0], headers, secret={0: 1, 2: 0}).status_code == (200 if headers else 303)
    assert totals(client.get(url)) == ["4", "7", "3"]


@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
def test_an_open_player_without_a_bid_is_refused_before_the_hand(client, url, headers):
    response = post_round(client, url, 1, "bids", seats("open", ["secret", "open", "secret"]), {**headers, **EN})
    assert response.status_code == 422 and "Round 1, Julien: The bid is missing." in text(response)
    assert "Step 2" not in text(client.get(url, headers=EN))  # no draft kept


def test_bids_changed_on_another_phone_never_meet_the_first_phones_secret_bids(client, other_phone, url):
    """Two scoring phones: A saved Anne as secret; B made her bid open meanwhile. A's tricks with Anne's secret
    bid are refused (409), nothing is stored, and A is shown the bids as they stand (Anne's open 2)."""
    link = parse(client.get(url).get_data()).first("a", id="score-link").attrs["href"]
    assert other_phone.get("/" + link.split("/", 3)[3]).status_code == 303

    def token(phone):
        return parse(phone.get(url).get_data()).value("draft")

    opens = seats("open", ["secret", "open", "secret"])
    assert post_round(client, url, 1, "bids", {**opens, "bids.1": 1, "draft": token(client)}).status_code == 303
    a_page = token(client)
    opens_b = seats("open", ["open", "open", "secret"])
    b_bids = {**opens_b, "bids.0": 2, "bids.1": 1, "draft": token(other_phone)}
    assert post_round(other_phone, url, 1, "bids", b_bids).status_code == 303
    fields = {"bids.0": 1, "bids.2": 0, **seats("tricks", [1, 1, 1]), "draft": a_page}
    response = post_round(client, url, 1, "tricks", fields, EN)
    assert response.status_code == 409 and "were changed on another phone" in text(response)
    assert "open bid 2" in text(response)  # Anne's bid as it stands now
    assert client.get(f"{url}/export.json").get_json()["rounds"] == []


@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
def test_a_player_left_without_open_or_secret_is_refused_never_taken_as_secret(client, url, headers):
    response = post_round(client, url, 1, "bids", {"open.1": "open", "bids.1": 2}, {**headers, **EN})
    assert response.status_code == 422
    assert "Anne" in text(response) and "Sylvie" in text(response) and "Open or secret: choose one." in text(response)
    assert "Step 2" not in text(client.get(url, headers=EN))  # nothing kept
