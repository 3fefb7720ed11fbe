"""Everest & Abyss through the test client, with and without htmx: stakes and folds, the winner tapped or
computed from the digits, Big Boss, elimination, the end, corrections, and every bad input refused with a
message naming the round and the player, nothing stored. The tokens on the table never change."""

import json
import re

import pytest

from tests.games.everest_abyss.sample import LINEUP
from tests.markup import parse
from tests.web.helpers import HX, kept_phone, post_round, seats, start, text, totals

P3 = ["Anne", "Julien", "Sylvie"]
EN = {"Accept-Language": "en"}


def play(client, url, number, cote, staked, folded=(), hands=None, winner=None, headers=None):
    """Post a round: stakes by seat (None: the player is out, not on the form), folded seats, hands by seat."""
    fields = {"cote": cote}
    for seat, stake in enumerate(staked):
        if stake is not None:
            fields[f"staked.{seat}"] = stake
    fields.update({f"folded.{seat}": "1" for seat in folded})
    for seat, hand in (hands or {}).items():
        fields[f"hands.{seat}.0"], fields[f"hands.{seat}.1"] = hand
    fields["winner"] = "cards" if winner is None else winner
    return post_round(client, url, number, "round", fields, {**EN, **(headers or {})})


def board(client, url, headers=None):
    """The game page in English."""
    return client.get(url, headers={**EN, **(headers or {})})


def bank(response) -> int:
    """The tokens on the table, as the board's total row says (Σ n)."""
    said = parse(response.get_data()).first(class_="ea-sum").text()
    assert said.startswith("Σ "), said
    return int("".join(said.removeprefix("Σ").split()))  # digits grouped by a thin space in French


def held(response) -> list[int]:
    """The tokens each player holds, from the totals row."""
    return [int(t) for t in totals(response)]


def rounds_shown(response) -> int:
    """How many rounds the board lists."""
    rows = parse(response.get_data()).all("tr")
    return sum(row.attrs.get("id", "").removeprefix("round-").isdigit() for row in rows)


@pytest.fixture
def url(client):
    return start(client, "everest-abyss", P3, dealer=0, tokens="10")


def test_the_setup_offers_tokens_and_a_round_limit(client):
    page = text(client.get("/new/everest-abyss", headers=EN))
    assert "Tokens each player starts with" in page and "Round limit" in page
    assert 'value="26"' in client.get("/new/everest-abyss").get_data(as_text=True)


def test_the_form_shows_the_deal_the_betting_order_and_the_bank(client, url):
    response = board(client, url)
    page = text(response)
    assert "Anne deals; Julien bets first." in page
    assert "Betting order: Julien → Sylvie → Anne" in page
    assert "30 tokens on the table" in page and bank(response) == 30
    assert held(response) == [10, 10, 10]
    html = response.get_data(as_text=True)
    for seat in range(3):
        assert f'name="staked.{seat}"' in html and f'name="folded.{seat}"' in html
        assert f'name="hands.{seat}.0"' in html and f'name="winner" value="{seat}"' in html
    assert 'data-sum-of="staked."' in html  # the pot adds up as stakes are typed
    assert html.index('id="player-1"') < html.index('id="player-2"') < html.index('id="player-0"')


def test_a_full_game_to_elimination_and_the_end_without_javascript(client, url):
    # round 1, Anne deals: Julien goes tapis with all 10 and loses to Anne's 99
    response = play(client, url, 1, "everest", [1, 10, 1], hands={0: (9, 9), 1: (1, 1), 2: (2, 2)})
    assert response.status_code == 303 and response.headers["Location"].endswith("#round-form")
    page = board(client, url)
    assert held(page) == [21, 0, 9] and sum(held(page)) == bank(page) == 30
    html = page.get_data(as_text=True)
    assert 'class="ea-outmark ea-out-1"' in html and "ea-tapis-mark" in html
    words = text(page)
    assert "Out of the game: Julien (round 1)" in words
    assert "Round 1 Julien is out of the game." in words
    # the deal skips Julien: Sylvie deals, Anne bets first; Julien is off the form
    assert "Sylvie deals; Anne bets first." in words and "Betting order: Anne → Sylvie" in words
    assert 'name="staked.1"' not in html and 'name="winner" value="1"' not in html
    # round 2: Sylvie puts in her last 9 and folds nothing; Anne is tapped as the winner
    response = play(client, url, 2, "abyss", [9, None, 9], winner=0)
    assert response.status_code == 303
    page = board(client, url)
    assert held(page) == [30, 0, 0] and sum(held(page)) == bank(page) == 30
    words = text(page)
    assert "Winner: Anne" in words and "Anne holds every token." in words
    # a round after the end is refused and stores nothing
    response = play(client, url, 3, "everest", [1, 0, 0], winner=0)
    assert response.status_code == 422
    assert "The game is over: no round 3 can be entered." in text(response)
    assert rounds_shown(board(client, url)) == 2


def test_the_same_game_with_htmx_swaps_the_form_and_the_board(client, url):
    response = play(client, url, 1, "everest", [1, 10, 1], hands={0: (9, 9), 1: (1, 1), 2: (2, 2)}, headers=HX)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<section id="round-form"') and "<html" not in html
    assert 'id="scoreboard" class="card" hx-swap-oob="replace"' in html
    assert held(response) == [21, 0, 9] and bank(response) == 30
    assert 'name="staked.1"' not in html and "Round 2" in text(response)
    response = play(client, url, 2, "abyss", [9, None, 9], winner=0, headers=HX)
    assert response.status_code == 200 and "Winner: Anne" in text(response)
    assert held(response) == [30, 0, 0]
    response = play(client, url, 3, "everest", [1, 0, 0], winner=0, headers=HX)
    assert response.status_code == 422 and "<html" not in response.get_data(as_text=True)
    assert "no round 3 can be entered" in text(response)
    assert rounds_shown(board(client, url)) == 2


def test_the_digits_decide_and_big_boss_breaks_a_tie(client, url):
    # Julien bets first (Anne deals): his 65 ties Sylvie's 56 -> 65 and wins by Big Boss
    response = play(client, url, 1, "everest", [2, 2, 2], hands={0: (1, 1), 1: (6, 5), 2: (5, 6)})
    assert response.status_code == 303
    page = board(client, url)
    assert held(page) == [8, 14, 8]
    html = page.get_data(as_text=True)
    assert 'class="ea-boss"' in html and html.count('<span class="ea-num">65</span>') == 2
    assert '<span class="ea-num">11</span>' in html
    assert "Round 1 Big Boss: Julien bet first and wins the tie." in text(page)


def test_abyss_the_lowest_number_wins(client, url):
    play(client, url, 1, "abyss", [3, 3, 3], hands={0: (9, 1), 1: (4, 4), 2: (2, 8)})
    page = board(client, url)
    assert held(page) == [16, 7, 7]
    assert '<span class="ea-num">19</span>' in page.get_data(as_text=True)


def test_the_only_player_left_in_takes_the_pot_without_showing(client, url):
    response = play(client, url, 1, "everest", [1, 4, 2], folded=[0, 2])
    assert response.status_code == 303
    assert held(board(client, url)) == [9, 13, 8]


def test_folded_stakes_go_to_the_winner(client, url):
    play(client, url, 1, "everest", [5, 3, 5], folded=[1], winner=2)
    page = board(client, url)
    assert held(page) == [5, 7, 18] and sum(held(page)) == 30


def _after_elimination(client, url):
    play(client, url, 1, "everest", [1, 10, 1], hands={0: (9, 9), 1: (1, 1), 2: (2, 2)})


@pytest.fixture(scope="module")
def refusing(tmp_path_factory, empty_store):
    """The games the bad rounds are sent to, by the round they are at (1: none played; 2: Julien out after
    round 1), each with its board's holdings, and the phone that scores them. Made once for the module: a
    refused round stores nothing, which test_bad_rounds_are_refused_naming_round_and_player checks, and starting
    the games again cost each test half its CPU."""
    with kept_phone(empty_store, tmp_path_factory.mktemp("refusing")) as client:
        games = {number: start(client, "everest-abyss", P3, dealer=0, tokens="10") for number in (1, 2)}
        _after_elimination(client, games[2])
        yield client, {number: (url, held(board(client, url))) for number, url in games.items()}


def test_a_refused_form_keeps_what_was_entered_and_shows_tapis(refusing):
    client, games = refusing
    url, _ = games[1]
    response = play(client, url, 1, "everest", [10, 3, "x"], folded=[1])
    assert response.status_code == 422
    form = parse(response.get_data())
    assert form.ticked("staked.0") == ["10"] and form.ticked("folded.1") == ["1"]
    shown = [badge for badge in form.all(data_ea_tapis="") if "hidden" not in badge.attrs]
    assert len(shown) == 1  # Anne staked all 10: her tapis badge is not hidden
    assert "Round 1, Sylvie: The stake must be a whole number, not x." in text(response)


@pytest.mark.parametrize(
    "lang, stakes, pot",
    [
        ("en", [1, None, None], "Pot: 1 token"),
        ("en", [1, 2, None], "Pot: 3 tokens"),
        ("fr", [1, None, None], "Pot : 1 jeton"),
        ("de", [1, None, None], "Pot: 1 Chip"),
        ("de", [1, 1, None], "Pot: 2 Chips"),
    ],
)
def test_the_pot_counts_its_tokens_in_the_languages_plural(refusing, lang, stakes, pot):
    """A refused round is shown again with its pot ("Pot: 1 tokens" was shown in every language)."""
    client, games = refusing
    url, _ = games[1]
    response = play(client, url, 1, "", stakes, headers={"Accept-Language": lang})
    assert response.status_code == 422
    assert re.search(re.escape(pot) + r"\b", text(response)), text(response)


@pytest.mark.parametrize(
    "number, cote, staked, folded, hands, winner, message",
    [
        (1, "everest", [0, 1, 1], [], None, 0, "Round 1, Anne: The stake must be between 1 and 10 (got 0)."),
        (1, "everest", [-2, 1, 1], [], None, 0, "Round 1, Anne: The stake must be between 1 and 10 (got -2)."),
        (1, "everest", [1, 11, 1], [], None, 0, "Round 1, Julien: The stake must be between 1 and 10 (got 11)."),
        (1, "everest", [1, "", 1], [], None, 0, "Round 1, Julien: The stake is missing."),
        (1, "everest", [1, "deux", 1], [], None, 0, "Round 1, Julien: The stake must be a whole number, not deux."),
        (1, "everest", [1, 1, 1], [1], None, 1, "Round 1, Julien: The winner folded: they cannot take the pot."),
        (1, "everest", [1, 1, 1], [0, 1, 2], None, None, "Round 1: Everyone folded: at least one player must stay in."),
        (
            1,
            "everest",
            [2, 2, 2],
            [],
            {0: (1, 2), 1: (3, 4), 2: (5, 6)},
            0,
            "Round 1, Anne: The hands entered make Sylvie the winner (65 against 21).",
        ),
        (
            1,
            "everest",
            [2, 2, 2],
            [],
            {0: (5, 6), 1: (6, 5), 2: (1, 1)},
            0,
            "Round 1, Anne: Julien bet first with the same 65: by Big Boss, Julien is the winner.",
        ),
        (
            1,
            "everest",
            [2, 2, 2],
            [],
            {0: (1, 2), 1: (0, 4), 2: (5, 6)},
            None,
            "Round 1, Julien: Each digit of a hand must be between 1 and 9 (got 0 and 4).",
        ),
        (
            1,
            "abyss",
            [2, 2, 2],
            [],
            {0: (1, 2), 1: (3, 10), 2: (5, 6)},
            None,
            "Round 1, Julien: Each digit of a hand must be between 1 and 9 (got 3 and 10).",
        ),
        (
            1,
            "everest",
            [2, 2, 2],
            [],
            {0: (1, 2), 1: (3, ""), 2: (5, 6)},
            None,
            "Round 1, Julien: Enter both digits of the hand, or neither.",
        ),
        (
            1,
            "everest",
            [2, 2, 2],
            [1],
            {0: (1, 2), 1: (3, 4), 2: (5, 6)},
            None,
            "Round 1, Julien: A player who folded shows no hand.",
        ),
        (
            1,
            "everest",
            [2, 2, 2],
            [],
            {0: (1, 2), 2: (5, 6)},
            None,
            "Round 1, Julien: Enter the winner, or the two digits of every player still in.",
        ),
        (1, "", [2, 2, 2], [], None, 0, "Round 1: Choose the call: EVEREST (highest wins) or ABYSS (lowest wins)."),
        (1, "k2", [2, 2, 2], [], None, 0, "Round 1: Choose the call"),
        (1, "everest", [2, 2, 2], [], None, "Anne", "Round 1: The winner must be a whole number, not Anne."),
        (2, "everest", [1, None, 1], [], None, 1, "Round 2, Julien: The winner is out of the game."),
        (2, "everest", [1, None, 10], [], None, 0, "Round 2, Sylvie: The stake must be between 1 and 9 (got 10)."),
    ],
)
@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
def test_bad_rounds_are_refused_naming_round_and_player(
    refusing, headers, number, cote, staked, folded, hands, winner, message
):
    client, games = refusing
    url, before = games[number]
    response = play(client, url, number, cote, staked, folded, hands, winner, headers)
    assert response.status_code == 422
    assert message in text(response)
    after = board(client, url)
    assert rounds_shown(after) == number - 1 and held(after) == before


def test_french_messages_and_board(refusing):
    client, games = refusing
    url, _ = games[1]
    response = post_round(
        client,
        url,
        1,
        "round",
        {"cote": "everest", **seats("staked", [0, 1, 1]), "winner": "0"},
        {"Accept-Language": "fr"},
    )
    assert response.status_code == 422
    assert "Manche 1, Anne : " in text(response) or "Manche 1, Anne: " in text(response)
    assert "entre 1 et 10" in text(response)
    page = text(client.get(url, headers={"Accept-Language": "fr"}))
    assert "Jetons" in page and "Ordre des mises" in page and "Anne donne" in page


def test_a_double_tap_after_an_elimination_is_recognised(client, url):
    _after_elimination(client, url)
    again = play(client, url, 1, "everest", [1, 10, 1], hands={0: (9, 9), 1: (1, 1), 2: (2, 2)})
    assert again.status_code == 200 and "already saved" in text(again)
    assert rounds_shown(board(client, url)) == 1


def _was(client, url, number):
    """The hidden copy of the round that the correction page sends back."""
    html = client.get(f"{url}/rounds/{number}/edit", headers=EN).get_data(as_text=True)
    return html, html.split('name="was" value="')[1].split('"')[0].replace("&#34;", '"')


def test_a_correction_shows_only_the_players_still_in_and_moves_the_tokens(client, url):
    _after_elimination(client, url)
    play(client, url, 2, "everest", [2, None, 2], winner=2)
    html, was = _was(client, url, 2)
    assert 'name="staked.1"' not in html and 'name="staked.0"' in html
    assert 'value="2"' in html and 'name="winner" value="2" data-ea-winner="2" checked' in html
    fields = {
        "was": was,
        "cote": "abyss",
        **seats("staked", [3, "", 3]),
        "hands.0.0": "1",
        "hands.0.1": "1",
        "hands.2.0": "9",
        "hands.2.1": "9",
        "winner": "cards",
    }
    fields.pop("staked.1")
    response = client.post(f"{url}/rounds/2", data=fields)
    assert response.status_code == 303
    page = board(client, url)
    assert held(page) == [24, 0, 6] and sum(held(page)) == bank(page)
    html, _ = _was(client, url, 2)
    assert 'name="winner" value="cards" data-ea-compute checked' in html  # the digits decided it
    assert '<details class="ea-cards" id="cards" open>' in html


def test_a_correction_that_breaks_a_later_round_is_refused(client, url):
    _after_elimination(client, url)
    play(client, url, 2, "everest", [2, None, 2], winner=2)
    _, was = _was(client, url, 1)
    # Julien no longer loses everything in round 1, but round 2 was played without him
    fields = {"was": was, "cote": "everest", **seats("staked", [1, 9, 1]), "winner": "0"}
    response = client.post(f"{url}/rounds/1", data=fields, headers=EN)
    assert response.status_code == 422
    assert "Round 2, Julien" in text(response)
    assert held(board(client, url)) == [19, 0, 11]


def test_the_round_limit_ends_the_game_with_the_most_tokens(client):
    url = start(client, "everest-abyss", P3, dealer=0, tokens="10", rounds="1")
    play(client, url, 1, "everest", [2, 2, 2], winner=2)
    page = board(client, url)
    assert "Winner: Sylvie" in text(page) and held(page) == [8, 8, 14] and bank(page) == 30


@pytest.mark.parametrize("players, tokens", [(["Solo"], "26"), (P3, "1"), (P3, "lots")])
def test_bad_setups_are_refused(client, players, tokens):
    data = {**seats("player", players), "dealer": "0", "option.tokens": tokens}
    assert client.post("/new/everest-abyss", data=data).status_code == 422


def test_a_malformed_round_number_is_a_bad_request(client, url):
    assert client.post(f"{url}/rounds", data={"number": "x", "step": "round"}).status_code == 400


def test_a_stake_below_the_highest_without_tapis_is_flagged_after_the_round(client, url):
    response = play(client, url, 1, "everest", [2, 5, 5], winner=1)
    assert response.status_code == 303
    assert "Round 1 Anne: Staked 2, below the highest stake (5), without going tapis." in text(board(client, url))


def top_stakes(html: str) -> list[tuple[str, str]]:
    """Each player's stake chips as (seat, the highest stake offered), in the order the form draws them; one chip
    for every stake from 1 up (a stake of any size is one tap)."""
    chips: dict[str, list[int]] = {}
    for chip in parse(html).all("input"):
        if chip.attrs.get("name", "").startswith("staked."):
            chips.setdefault(chip.attrs["name"].removeprefix("staked."), []).append(int(chip.attrs["value"]))
    assert all(values == list(range(1, len(values) + 1)) for values in chips.values())
    return [(seat, str(max(values))) for seat, values in chips.items()]


def test_the_stake_boxes_stop_at_twelve_and_a_bigger_stake_is_refused(client):
    url = start(client, "everest-abyss", P3, dealer=0)  # 26 tokens each
    play(client, url, 1, "everest", [11, 1, 1], winner=0)  # Anne 28, Julien and Sylvie 25
    html = board(client, url).get_data(as_text=True)
    assert [top for _seat, top in top_stakes(html)] == ["12", "12", "12"]
    assert (
        text(board(client, url)).count("At most 12 in one round: 3 in the first betting turn, then 9 at most.") == 3
    )  # why
    response = play(client, url, 2, "abyss", [1, 13, 1], winner=0)
    assert response.status_code == 422
    assert (
        "Round 2, Julien: A player stakes at most 12 in one round: 3 in the first betting turn plus at most 9 (got 13)."
        in text(response)
    )
    assert held(board(client, url)) == [28, 25, 25]


def test_a_player_holding_fewer_than_twelve_may_stake_only_what_they_hold(client, url):
    play(client, url, 1, "everest", [8, 1, 1], winner=1)  # Anne 2, Julien 19, Sylvie 9
    html = board(client, url).get_data(as_text=True)
    assert top_stakes(html) == [("2", "9"), ("0", "2"), ("1", "12")]
    said = text(board(client, url))  # why the chips stop where they do, under them (aria-describedby)
    assert "Anne holds 2 tokens: no stake above them; staking them all is tapis." in said
    assert "Sylvie holds 9 tokens: no stake above them" in said and 'aria-describedby="stake-why-0"' in html


def test_a_round_imported_with_its_winner_and_no_hands_opens_for_correction(client):
    """A game file may name a round's winner without the hands (FORMAT.md): its correction form opens."""
    from tests.samples import sample

    url = client.post("/games/import", json=sample("everest-abyss").showdown()).headers["Location"]
    page = client.get(f"{url}/rounds/4/edit")
    assert page.status_code == 200
    assert parse(page.get_data()).ticked("winner") == ["0"]


@pytest.mark.parametrize(
    "rounds, changes, on_table",
    [
        (1, 1, 50),  # Eve brings 10 tokens to the 40 of four players
        (2, 2, 42),  # Ben sits out round 3 with his 8: the four dealt in hold 42
        (3, 3, 44),  # Cleo leaves with her 6: 50 less 6
    ],
)
def test_the_tokens_on_the_table_follow_the_players_who_come_and_go(client, rounds, changes, on_table):
    walked = LINEUP
    document = {**walked, "rounds": walked["rounds"][:rounds], "changes": walked["changes"][:changes]}
    response = client.post("/games/import", data=json.dumps(document), content_type="application/json")
    assert response.status_code == 303, response.get_data(as_text=True)
    page = board(client, response.headers["Location"])
    said = parse(page.get_data()).first(class_="ea-bank").text()
    assert bank(page) == on_table and said == f"{on_table} tokens on the table."  # not "always": it moved


def test_a_table_that_never_changed_is_told_its_tokens_stay_the_same(client):
    url = start(client, "everest-abyss", ["Anne", "Ben", "Cleo", "Dan"], tokens=10)
    said = parse(board(client, url).get_data()).first(class_="ea-bank").text()
    assert said == "40 tokens on the table, always."


def test_a_changed_table_is_told_in_its_language_what_moves_its_tokens(client):
    response = client.post("/games/import", data=json.dumps(LINEUP), content_type="application/json")
    page = parse(client.get(response.headers["Location"], headers={"Accept-Language": "fr"}).get_data())
    assert "toujours" not in page.first(class_="ea-bank").text()
    assert page.first(class_="ea-sum").attrs["title"] == (
        "Jetons en jeu : seul un joueur qui arrive, part ou passe son tour change le total."
    )
