"""Inferno through the test client, with and without htmx: setup, a game through a tie-break round,
the 1-or-2-card warning, corrections, and every bad input refused with a message and nothing stored."""

import re

import pytest

from tests.markup import parse
from tests.web.helpers import HX, kept_phone, post_round, seats, start, text, totals

P3 = ["Anne", "Julien", "Sylvie"]
EN = {"Accept-Language": "en"}


def fields(other=(None, None, None), red=None, nothing=()):
    """The round form as posted: `red` maps (seat, face) to a count, `nothing` lists seats ticked."""
    data = {f"other.{s}": o for s, o in enumerate(other) if o is not None}
    data.update({f"red.{seat}.{face}": n for (seat, face), n in (red or {}).items()})
    data.update({f"nothing.{s}": "1" for s in nothing})
    return data


def post(client, url, number, data, headers=None):
    """Post round `number` of the form."""
    return post_round(client, url, number, "round", data, {**EN, **(headers or {})})


@pytest.fixture
def url(client):
    return start(client, "inferno", P3, dealer=0)


def rows(response) -> list[int]:
    """The numbers of the rounds on the board."""
    ids = [row.attrs.get("id", "").removeprefix("round-") for row in parse(response.get_data()).all("tr")]
    return [int(n) for n in ids if n.isdigit()]


def test_setup_offers_the_rounds_as_an_empty_box_meaning_as_many_as_players(client):
    page = client.get("/new/inferno", headers=EN)
    assert page.status_code == 200
    box = parse(page.get_data()).first("input", id="opt-rounds")
    assert box.attrs["name"] == "option.rounds" and box.attrs.get("value") == ""
    assert "As many rounds as players unless changed" in text(page)
    assert "Players, in seat order (clockwise), 3 to 7" in text(page)


@pytest.mark.parametrize(
    "players, rounds, message",
    [
        (["Anne", "Julien"], "", "Inferno is played by 3 to 7 players, not 2."),
        (P3, "0", "Number of rounds must be between 1 and 99 (got 0)."),
        (P3, "trois", "Number of rounds: trois is not a valid value."),
    ],
)
def test_bad_setups_are_refused(client, players, rounds, message):
    data = {**seats("player", players), "dealer": "0", "option.rounds": rounds}
    response = client.post("/new/inferno", data=data, headers=EN)
    assert response.status_code == 422
    assert message in text(response)


def test_a_game_through_a_tie_break_without_javascript(client, url):
    page = text(client.get(url, headers=EN))
    assert "Round 1" in page and "Julien starts; Anne deals 12 cards each." in page
    assert "Julien commence ; Anne donne 12 cartes à chacun." in text(client.get(url))
    # Anne: two red 3s and a red 5 (11) + 4 others; Julien 3 others; Sylvie collected nothing
    response = post(client, url, 1, fields([4, 3, None], {(0, 3): 2, (0, 5): 1}, nothing=[2]))
    assert response.status_code == 303 and response.headers["Location"].endswith("#round-form")
    page = client.get(url, headers=EN)
    assert totals(page) == ["15", "3", "0"]
    assert "Sylvie starts; Julien deals 12 cards each." in text(page)
    post(client, url, 2, fields([3, 9, 12]))
    post(client, url, 3, fields([0, 6, 6]))
    page = client.get(url, headers=EN)
    assert totals(page) == ["18", "18", "18"]
    assert "Round 4" in text(page)
    assert "Tie for the lowest score (18): Anne, Julien, Sylvie. One more round decides." in text(page)
    assert "Égalité pour le plus petit score (18) : Anne, Julien, Sylvie." in text(client.get(url))
    post(client, url, 4, fields([3, 3, 4]))
    page = client.get(url, headers=EN)
    assert totals(page) == ["21", "21", "22"] and "Round 5" in text(page)
    assert "Tie for the lowest score (21): Anne, Julien. One more round decides." in text(page)
    post(client, url, 5, fields([5, 3, 0]))
    page = client.get(url, headers=EN)
    assert totals(page) == ["26", "24", "22"]
    assert "Winner: Sylvie" in text(page) and "The tie-break round decided it." in text(page)
    assert rows(page) == [1, 2, 3, 4, 5]
    html = page.get_data(as_text=True)
    assert html.count('class="tie-break"') == 2  # rounds 4 and 5 are marked
    assert 'name="other.0"' not in html  # no form after the end


def test_a_game_through_a_tie_break_with_htmx(client, url):
    for number, others in enumerate([[3, 3, 5], [3, 3, 5], [3, 3, 5]], 1):
        response = post(client, url, number, fields(others), HX)
        assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<section id="round-form"') and "<html" not in html
    assert 'id="scoreboard" class="card" hx-swap-oob="replace"' in html
    assert "Tie for the lowest score (9): Anne, Julien. One more round decides." in text(response)
    assert totals(response) == ["9", "9", "15"]
    response = post(client, url, 4, fields([4, 3, 0]), HX)
    assert "Winner: Julien" in text(response) and totals(response) == ["13", "12", "15"]
    assert response.headers["Vary"].startswith("HX-Request")


def test_the_rounds_option(client):
    url = start(client, "inferno", P3, rounds=1)
    response = post(client, url, 1, fields([3, 4, 5]))
    assert response.status_code == 303
    assert "Winner: Anne" in text(client.get(url, headers=EN))


def test_seven_players_play_seven_rounds(client):
    url = start(client, "inferno", P3 + ["Julie", "Pierre", "Zoë", "Łukasz"], dealer=6)
    assert "Anne starts; Łukasz deals 12 cards each." in text(client.get(url, headers=EN))
    for number in range(1, 7):
        assert post(client, url, number, fields([3, 4, 5, 6, 7, 8, 9])).status_code == 303
    assert "Round 7" in text(client.get(url, headers=EN))
    post(client, url, 7, fields([3, 4, 5, 6, 7, 8, 9]))
    assert "Winner: Anne" in text(client.get(url, headers=EN))


def test_collected_nothing_is_one_tap(client, url):
    response = post(client, url, 1, fields(nothing=[0, 1, 2]))
    assert response.status_code == 303
    assert totals(client.get(url)) == ["0", "0", "0"] and rows(client.get(url)) == [1]


def test_the_round_form_shows_each_players_points_of_what_was_typed(client, url):
    response = post(client, url, 1, fields([4, "x", None], {(0, 2): 1, (0, 4): 2}))
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    anne = html.split('id="player-0"')[1].split("</fieldset>")[0]
    assert '<output class="inf-points">14</output>' in anne  # 2 + 2×4 + 4
    assert 'name="red.0.4" value="2"' in anne and 'name="other.0" value="4"' in anne
    assert 'name="other.1" value="x"' in html


def test_one_or_two_cards_collected_is_saved_with_a_warning(client, url):
    response = post(client, url, 1, fields([2, 0, 3], {(1, 1): 1}))
    assert response.status_code == 303
    page = client.get(url, headers=EN)
    assert totals(page) == ["2", "1", "3"]
    assert "Round 1 is saved; check it:" in text(page)
    assert "Anne: Cards collected: 2. A pickup is at least 3 cards, unless the pile ran out." in text(page)
    assert "Julien: Cards collected: 1." in text(page)
    assert "Sylvie: Cards collected" not in text(page)
    board = page.get_data(as_text=True).split('id="scoreboard"')[1].split("</table>")[0]  # the legend explains ⚠ too
    assert board.count("⚠") == 2
    response = post(client, url, 2, fields([0, 1, 5]), HX)
    assert response.status_code == 200
    assert "Round 2 is saved; check it:" in text(response) and "Julien: Cards collected: 1." in text(response)
    assert totals(response) == ["2", "2", "8"]


BAD = [
    # more than 4 red cards of a value across the table
    (fields([3, 3, 3], {(0, 3): 3, (1, 3): 2}), None, "There are only 4 red 3 cards, but 5 were entered."),
    (fields([3, 3, 3], {(0, 5): 2, (1, 5): 2, (2, 5): 1}), None, "There are only 4 red 5 cards, but 5 were entered."),
    # more than 80 other cards, one player or all together
    (fields([81, 0, 0]), "Anne", "The number of other cards must be between 0 and 80 (got 81)."),
    (fields([40, 30, 11]), None, "There are only 80 cards that are not red, but 81 were entered."),
    # a player's own count beyond the deck
    (fields([3, 3, 3], {(1, 2): 5}), "Julien", "The count of red 2 cards must be between 0 and 4 (got 5)."),
    # negatives
    (fields([3, -1, 3]), "Julien", "The number of other cards must be between 0 and 80 (got -1)."),
    (fields([3, 3, 3], {(2, 4): -1}), "Sylvie", "The count of red 4 cards must be between 0 and 4 (got -1)."),
    # not numbers
    (fields(["trois", 3, 3]), "Anne", "The number of other cards must be a whole number, not trois."),
    (fields([3, 3, "2.5"]), "Sylvie", "The number of other cards must be a whole number, not 2.5."),
    (fields([3, 3, 3], {(0, 1): "x"}), "Anne", "The count of red 1 cards must be a whole number, not x."),
    (fields([3, 3, 3], {(1, 5): "−1"}), "Julien", "The count of red 5 cards must be a whole number, not −1."),
    # a player forgotten, or "collected nothing" contradicted
    (fields([3, None, 3]), "Julien", "The number of other cards is missing: enter it (0 if none), or tap"),
    (fields([3, 4, None], {(2, 1): 1}), "Sylvie", "The number of other cards is missing"),
    (fields([3, 2, 3], nothing=[1]), "Julien", "“Collected nothing” is ticked, but cards were entered"),
    (fields([3, None, 3], {(1, 3): 1}, nothing=[1]), "Julien", "“Collected nothing” is ticked"),
]


@pytest.fixture(scope="module")
def at_round_2(tmp_path_factory, empty_store):
    """The phone, and its game at round 2 (round 1 scored 3, 4, 5) that the bad rounds are sent to. Made once
    for the module: a refused round stores nothing, which each test checks, and starting the game and scoring
    its first round again cost each test half its CPU."""
    with kept_phone(empty_store, tmp_path_factory.mktemp("refusing")) as client:
        url = start(client, "inferno", P3, dealer=0)
        assert post(client, url, 1, fields([3, 4, 5])).status_code == 303
        yield client, url


@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
@pytest.mark.parametrize("data, who, message", BAD)
def test_bad_rounds_are_refused_with_a_message_and_nothing_stored(at_round_2, data, who, message, headers):
    client, url = at_round_2
    response = post(client, url, 2, data, headers)
    assert response.status_code == 422
    where = f"Round 2, {who}: " if who else "Round 2: "
    assert where + message in text(response)
    page = client.get(url, headers=EN)
    assert totals(page) == ["3", "4", "5"] and rows(page) == [1]
    assert "Round 2" in text(page)


def test_bad_round_messages_in_french(client, url):
    response = post_round(client, url, 1, "round", fields([3, 3, 3], {(0, 3): 3, (1, 3): 2}))
    assert response.status_code == 422
    assert "Il n’y a que 4 cartes rouges de valeur 3, mais 5 ont été saisies." in text(response)
    response = post_round(client, url, 1, "round", fields([3, None, 3]))
    assert re.search(r"Manche 1, Julien ?: Il manque le nombre de cartes non rouges", text(response))


def test_a_round_after_the_end_is_refused(client, url):
    for number in (1, 2, 3):
        post(client, url, number, fields([3, 4, 5]))
    for headers in ({}, HX):
        response = post(client, url, 4, fields([3, 3, 3]), headers)
        assert response.status_code == 422
        assert "The game was already over: round 4 cannot be played." in text(response)
    page = client.get(url, headers=EN)
    assert totals(page) == ["9", "12", "15"] and rows(page) == [1, 2, 3] and "Winner: Anne" in text(page)


def test_malformed_posts_are_bad_requests(client, url):
    assert client.post(f"{url}/rounds", data={"number": "x", **fields([3, 3, 3])}).status_code == 400
    assert client.post(f"{url}/rounds", data={"number": "1", "step": "bids", **fields([3, 3, 3])}).status_code == 400
    assert totals(client.get(url)) == ["0", "0", "0"]


def was_of(edit) -> str:
    """The round as the correction page shows it (the hidden field `was`)."""
    html = edit.get_data(as_text=True)
    return html.split('name="was" value="')[1].split('"')[0].replace("&#34;", '"')


def test_correct_a_round_ends_the_tie_break(client, url):
    for number in (1, 2, 3):
        post(client, url, number, fields([3, 3, 5]))
    post(client, url, 4, fields([3, 3, 0]))
    assert "Round 5" in text(client.get(url, headers=EN))  # still tied: Anne and Julien 12
    edit = client.get(f"{url}/rounds/4/edit", headers=EN)
    assert edit.status_code == 200
    html = edit.get_data(as_text=True)
    assert 'name="other.1" value="3"' in html
    assert parse(html).ticked("nothing.2") == ["1"]  # Sylvie had collected nothing
    data = {**fields([3, 4, None], nothing=[2]), "was": was_of(edit)}
    refused = client.post(f"{url}/rounds/4", data={**data, "other.0": "-2"}, headers=EN)
    assert refused.status_code == 422 and "Round 4, Anne: The number of other cards" in text(refused)
    response = client.post(f"{url}/rounds/4", data=data)
    assert response.status_code == 303
    page = client.get(url, headers=EN)
    assert totals(page) == ["12", "13", "15"] and "Winner: Anne" in text(page)


def test_correcting_a_round_with_a_warning_shows_it(client, url):
    post(client, url, 1, fields([0, 2, 3]))
    edit = client.get(f"{url}/rounds/1/edit", headers=EN)
    assert "Julien: Cards collected: 2." in text(edit)
