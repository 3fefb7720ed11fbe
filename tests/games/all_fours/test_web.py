"""All Fours through the test client, with and without htmx: setup with teams or alone, hands tapped in,
the end on the point that reached the target, corrections, import/export, the command line, and every
bad input refused with a message naming the round and the side, and nothing stored."""

import json
from html import unescape

import pytest

from tests.markup import parse
from tests.web.helpers import HX, kept_phone, run_cli, start, totals
from tests.web.helpers import text as tagless

P4 = ["Anne", "Julien", "Sylvie", "Pierre"]
P3 = ["Anne", "Julien", "Sylvie"]
EN = {"Accept-Language": "en"}
FR = {"Accept-Language": "fr"}


def text(response) -> str:
    """What a player reads: the page without tags, entities decoded ("Anne & Sylvie")."""
    return unescape(tagless(response))


def fields(turn_ups=("7",), beg=None, high="none", low="none", jack="none", game="tie", points=None, reneges=None):
    """The form fields of one hand, as the chips and boxes post them."""
    data = {f"turn_up.{k}": rank for k, rank in enumerate(turn_ups)}
    data.update({"high": high, "low": low, "jack": jack, "game": game})
    if beg is not None:
        data["beg"] = beg
    if points is not None:
        data["game"] = "points"
        data.update({f"game_points.{s}": p for s, p in enumerate(points)})
    for side, kind in (reneges or {}).items():
        data[f"renege.{side}"] = kind
    return {k: str(v) for k, v in data.items() if v is not None}


def hand(client, url, number, headers=None, **given):
    """Post hand `number`; the response."""
    data = {"number": str(number), "step": "round", **fields(**given)}
    return client.post(f"{url}/rounds", data=data, headers={**EN, **(headers or {})})


def stored_rounds(client, url):
    """The hands as stored, from the exported game file."""
    return client.get(f"{url}/export.json").get_json()["rounds"]


@pytest.fixture
def teams(client):
    """Anne & Sylvie against Julien & Pierre; Anne deals first."""
    return start(client, "all-fours", P4, dealer=0)


# -- setup -----------------------------------------------------------------------------------------
def test_four_players_play_in_teams_by_default_and_the_board_says_who_deals_and_begs(client, teams):
    page = text(client.get(teams, headers=EN))
    assert "Anne & Sylvie" in page and "Julien & Pierre" in page
    assert "Anne deals 6 cards each; Pierre leads and may beg." in page
    assert "First side to 7 points wins; the deal passes to the right." in page
    assert "Pierre may beg" in page
    page = text(client.get(teams, headers=FR))
    assert "Anne donne 6 cartes à chacun ; Pierre entame et peut mendier." in page


def test_setup_offers_teams_without_choosing_for_the_players(client):
    teams_row = parse(client.get("/new/all-fours").get_data()).first(id="option-teams")
    assert teams_row.offered("option.teams") == ["yes", "no"] and teams_row.ticked("option.teams") == []


@pytest.mark.parametrize(
    "players, options, sides",
    [
        (P4, {}, ["Anne & Sylvie", "Julien & Pierre"]),
        (P4, {"teams": "no"}, P4),
        (P4, {"teams": "yes"}, ["Anne & Sylvie", "Julien & Pierre"]),
        (P3, {}, P3),
        (["Anne", "Julien"], {}, ["Anne", "Julien"]),
    ],
)
def test_sides_are_teams_or_players(client, players, options, sides):
    url = start(client, "all-fours", players, **options)
    heads = parse(client.get(url).get_data()).all("th", scope="col")
    assert [th.attrs["title"] for th in heads if "title" in th.attrs] == sides


def test_teams_need_four_players(client):
    data = {"player.0": "Anne", "player.1": "Julien", "player.2": "Sylvie", "dealer": "0", "option.teams": "yes"}
    response = client.post("/new/all-fours", data=data, headers=EN)
    assert response.status_code == 422
    assert "Two teams of two: this needs exactly 4 players (got 3)." in text(response)


def test_the_32_card_deck_offers_seven_to_ace(client):
    url = start(client, "all-fours", P3, deck="32", kick="trinidad", target="5")
    offered = parse(client.get(url).get_data()).offered("turn_up.0")
    assert offered == ["7", "8", "9", "10", "J", "Q", "K", "A"]
    assert "First to 5 points wins" in text(client.get(url, headers=EN))
    assert "A card turned up gives the dealer’s side: Ace 1, Jack 3." in text(client.get(url, headers=EN))  # no Six


# -- playing to the target -------------------------------------------------------------------------
def test_a_team_game_to_the_target_says_which_point_won_it(client, teams):
    # Anne deals: her side scores the Jack turned up; Julien & Pierre take High, Low and Game
    response = hand(client, teams, 1, turn_ups=["J"], high=1, low=1, points=[23, 37])
    assert response.status_code == 303
    assert totals(client.get(teams)) == ["1", "3"]
    # Pierre deals (the deal passes to the right); Sylvie may beg; Anne & Sylvie sweep: 5 all
    assert "Pierre deals 6 cards each; Sylvie leads and may beg." in text(client.get(teams, headers=EN))
    assert hand(client, teams, 2, high=0, low=0, jack=0, game=0).status_code == 303
    assert totals(client.get(teams)) == ["5", "3"]
    # Sylvie deals, Julien begs and is given a point; Anne & Sylvie reach 7 on Low: Jack and Game are not counted
    response = hand(client, teams, 3, headers=HX, beg="stand", high=0, low=0, jack=1, game=1)
    assert response.status_code == 200 and "<html" not in response.get_data(as_text=True)
    page = client.get(teams, headers=EN)
    assert totals(page) == ["7", "4"]
    assert "Winner: Anne & Sylvie" in text(page)
    assert "Anne & Sylvie reached 7 on Low." in text(page)
    assert "7 points pour Anne & Sylvie ; point décisif : Bas." in text(client.get(teams, headers=FR))
    row = parse(page.get_data()).first("tr", id="round-3")
    assert [point.text() for point in row.all(class_="af-win")] == ["L"]  # the winning point, highlighted
    assert len(row.all("s", class_="af-off")) == 2  # Jack and Game struck through


def test_the_board_shows_each_hand_points_as_letters_out_of_the_target(client, teams):
    hand(client, teams, 1, turn_ups=["J"], high=1, low=0, jack="none", points=[23, 37], reneges={0: "minor"})
    row = parse(client.get(teams, headers=EN).get_data()).first("tr", id="round-1")
    cells = ["".join(td.text("").split()) for td in row.all("td")]
    assert cells == ["2/7+2↑JL", "3/7+3RHG"]


def test_a_major_renege_ends_the_game(client, teams):
    hand(client, teams, 1, high=0, low=0, jack=0, game=0)
    response = hand(client, teams, 2, turn_ups=["A"], high=0, low=0, game=0, reneges={0: "major", 1: "minor"})
    assert response.status_code == 303
    page = client.get(teams, headers=EN)
    # Pierre deals the Ace (1 to Julien & Pierre); their minor renege gives Anne & Sylvie 1; then Anne &
    # Sylvie's major renege ends the game before High, Low and Game
    assert totals(page) == ["5", "1"]
    assert "Winner: Julien & Pierre" in text(page)
    assert "Anne & Sylvie reneged holding a top trump and lost the game." in text(page)
    row = parse(page.get_data()).first("tr", id="round-2")
    losers = row.all("td")[0]
    assert losers.all(class_="af-major") and len(row.all("s", class_="af-off")) == 3


def test_a_tie_on_card_points_scores_nobody_and_says_so(client):
    url = start(client, "all-fours", P3)
    assert hand(client, url, 1, high=2, low=0, points=[30, 30, 10]).status_code == 303
    page = client.get(url, headers=EN)
    assert totals(page) == ["1", "0", "1"]
    assert "Nobody scores Game this hand: the card points are tied." in text(page)


def test_running_the_cards_twice(client, teams):
    response = hand(client, teams, 1, turn_ups=["6", "K", "A"], beg="run", high=1, low=1)
    assert response.status_code == 303
    assert totals(client.get(teams)) == ["2", "2"]  # Anne's side: the Six and the Ace turned up
    assert stored_rounds(client, teams)[0]["turn_ups"] == ["6", "K", "A"]


# -- bad input: 422, the round and the side named, nothing stored ----------------------------------


@pytest.fixture(scope="module")
def refusing(tmp_path_factory, empty_store):
    """The phone, and the games the bad hands are sent to, none played: `teams` as above, and one of three
    players with the 32-card deck. Made once for the module: a refused hand stores nothing, which each test
    checks, and starting a game again cost each test a fifth of its CPU."""
    with kept_phone(empty_store, tmp_path_factory.mktemp("refusing")) as client:
        yield client, start(client, "all-fours", P4, dealer=0), start(client, "all-fours", P3, deck="32")


@pytest.mark.parametrize(
    "given, message",
    [
        ({"turn_ups": []}, "Round 1: Enter the card turned up for trump."),
        ({"high": 0, "low": "none"}, "Round 1: High was scored, so Low was too: enter who got Low."),
        ({"high": "none", "low": 1}, "Round 1: Low was scored, so High was too: enter who got High."),
        ({"high": None}, "Round 1: High: tap the side that won it, or none."),
        ({"game": None}, "Round 1: Game: tap the side that won it, Tie, or enter each side's card points."),
        ({"points": [81, 0]}, "Round 1, Anne & Sylvie: Card points must be between 0 and 80 (got 81)."),
        ({"points": [10, -1]}, "Round 1, Julien & Pierre: Card points must be between 0 and 80 (got -1)."),
        ({"points": [10, "lots"]}, "Round 1, Julien & Pierre: Card points must be a whole number, not lots."),
        ({"points": ["1" * 4300, 0]}, "Round 1, Anne & Sylvie: Card points: 4300 digits is too long a number."),
        ({"points": [10, ""]}, "Round 1, Julien & Pierre: Card points is missing."),
        ({"points": [50, 40]}, "Round 1: The card points add up to 90, but the deck holds only 80."),
        ({"high": 2, "low": 0}, "Round 1: High: there is no side 2 in this game; tap one of the sides shown."),
        ({"game": 5}, "Round 1: Game: there is no side 5 in this game"),
        ({"jack": "Anne"}, "Round 1: Jack: there is no side Anne in this game"),
        ({"reneges": {1: "huge"}}, "Round 1, Julien & Pierre: A renege is none, minor or major (got huge)."),
        ({"reneges": {0: "major", 1: "major"}}, "Round 1: Only one major renege can end a hand"),
        ({"turn_ups": ["K"], "beg": "run"}, "Round 1: The cards were run: enter every card turned up, at least two."),
        ({"turn_ups": ["K", "Q"]}, "Round 1: 2 cards were turned up, so the cards were run: the beg must be run."),
        ({"beg": "maybe"}, "Round 1: The beg must be one of: no beg, one point given, cards run."),
        ({"turn_ups": ["1"]}, 'Round 1: Card 1 turned up is not a rank (got "1")'),
        (
            {"turn_ups": ["J"], "high": 0, "low": 1, "jack": 0},
            "Round 1: The last card turned up for trump was the Jack: it stays on the pack, so nobody takes Jack.",
        ),
    ],
)
def test_bad_hands_are_refused_and_say_why(refusing, given, message):
    client, teams, _ = refusing
    for headers in ({}, HX):
        response = hand(client, teams, 1, headers=headers, **given)
        assert response.status_code == 422
        assert message in text(response)
    assert totals(client.get(teams)) == ["0", "0"]
    assert stored_rounds(client, teams) == []


@pytest.mark.parametrize("rank", ["2", "3", "4", "5", "6"])
def test_ranks_two_to_six_with_the_32_card_deck(refusing, rank):
    client, _, url = refusing
    response = hand(client, url, 1, turn_ups=["K", rank], beg="run")
    assert response.status_code == 422
    assert f"Round 1: Card 2 turned up is a {rank}, but the 32-card deck has no 2 to 6." in text(response)
    response = hand(client, url, 1, turn_ups=[rank], headers=FR)
    assert f"La carte retournée n° 1 est un {rank}, mais le jeu de 32 cartes n’a pas de 2 à 6." in text(response)
    assert stored_rounds(client, url) == []


def test_a_side_name_is_named_for_three_players_alone(client):
    url = start(client, "all-fours", P3)
    response = hand(client, url, 1, points=[10, 90, 0])
    assert response.status_code == 422 and "Round 1, Julien: Card points must be between 0 and 80 (got 90)." in text(
        response
    )


def test_a_hand_after_the_end_is_refused(client):
    url = start(client, "all-fours", ["Anne", "Julien"], target="2")
    hand(client, url, 1, high=0, low=0)
    assert "Winner: Anne" in text(client.get(url, headers=EN))
    for headers in ({}, HX):
        response = hand(client, url, 2, headers=headers, high=1, low=1)
        assert response.status_code == 422
        assert "The game was already over: round 2 cannot be played." in text(response)
    assert len(stored_rounds(client, url)) == 1


def test_a_refused_hand_comes_back_as_tapped(client, teams):
    response = hand(client, teams, 1, turn_ups=["Q"], high=1, low="none", points=[12, 30])
    form = parse(response.get_data())
    assert form.ticked("turn_up.0") == ["Q"] and form.ticked("high") == ["1"] and form.value("game_points.1") == "30"
    assert "bad" in form.first(id="low").attrs["class"].split()


# -- corrections ------------------------------------------------------------------------------------
def was_of(client, url, number):
    """The hidden copy of the stored hand that a correction posts back."""
    form = parse(client.get(f"{url}/rounds/{number}/edit").get_data())
    return form, form.value("was")


def test_a_correction_shows_the_hand_and_changes_the_end(client, teams):
    hand(client, teams, 1, high=0, low=0, jack=0, game=0)
    hand(client, teams, 2, high=0, low=0, jack=0, points=[40, 20])
    assert "Winner: Anne & Sylvie" in text(client.get(teams, headers=EN))
    form, was = was_of(client, teams, 2)
    assert form.ticked("game") == ["points"] and form.value("game_points.0") == "40"
    assert "filled" in form.first(class_="af-points").attrs["class"].split()
    data = {"was": was, **fields(high=1, low=1, jack=0, points=[20, 40])}
    response = client.post(f"{teams}/rounds/2", data=data)
    assert response.status_code == 303
    page = client.get(teams, headers=EN)
    assert totals(page) == ["5", "3"] and "Winner" not in text(page)


def test_a_correction_keeps_two_reneges_by_one_side_unless_changed(client):
    game = {
        **GAME,
        "rounds": [
            {"turn_ups": ["K"], "reneges": [{"side": 1}, {"side": 1}], "high": 0, "low": 0, "jack": None, "game": None}
        ],
    }
    url = client.post("/games/import", json=game).headers["Location"]
    assert totals(client.get(url)) == ["4", "0"]
    form, was = was_of(client, url, 1)
    assert form.ticked("renege.1") == ["minor"]
    data = {"was": was, **fields(turn_ups=["K"], high=0, low=0, reneges={1: "minor"})}
    assert client.post(f"{url}/rounds/1", data=data).status_code == 303
    assert totals(client.get(url)) == ["4", "0"]
    assert len(stored_rounds(client, url)[0]["reneges"]) == 2
    _, was = was_of(client, url, 1)
    data = {"was": was, **fields(turn_ups=["K"], high=0, low=0, reneges={1: "none", 0: "minor"})}
    assert client.post(f"{url}/rounds/1", data=data).status_code == 303
    assert totals(client.get(url)) == ["2", "1"]


# -- import, export and the command line -------------------------------------------------------------
GAME = {
    "format": "scorekeeper-game/1",
    "rules": "all-fours",
    "players": P4,
    "options": {"kick": "trinidad"},
    "first_dealer": 1,
    "rounds": [
        {"turn_ups": ["J"], "beg": None, "reneges": [], "high": 0, "low": 0, "jack": None, "game_points": [30, 12]},
        {
            "turn_ups": ["7", "K"],
            "beg": "run",
            "reneges": [{"side": 1, "major": False}],
            "high": 1,
            "low": 1,
            "jack": None,
            "game": 1,
        },
    ],
}


def test_a_bad_import_names_the_round_and_the_team(client):
    bad = {**GAME, "rounds": [{**GAME["rounds"][0], "game_points": [30, 81]}]}
    response = client.post("/games/import", json=bad, headers=EN)
    assert response.status_code == 422
    assert "Round 1, Julien & Pierre: Card points must be between 0 and 80 (got 81)." in text(response)
    assert "No games yet" in text(client.get("/", headers=EN))


def test_cli_scores_an_all_fours_file():
    done = run_cli("score", "-", stdin=json.dumps(GAME))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)["result"]
    # trinidad: Julien deals the Jack (3) for Julien & Pierre; Anne & Sylvie take High, Low and Game (3 all);
    # then Anne deals and runs the cards, Julien & Pierre renege (1 to Anne & Sylvie), then take High, Low, Game
    assert result["totals"] == [4, 6]
    assert [r["dealer"] for r in result["rounds"]] == [1, 0]
    finished = {
        **GAME,
        "options": {"kick": "trinidad", "target": 5},
    }  # 4 all after High: Julien & Pierre reach 5 on Low
    result = json.loads(run_cli("score", "-", stdin=json.dumps(finished)).stdout)["result"]
    assert result["finished"] is True and result["winners"] == ["Julien & Pierre"]
    assert result["totals"] == [4, 5]


def test_cli_refuses_a_bad_all_fours_file():
    bad = {**GAME, "rounds": [{**GAME["rounds"][0], "high": None}]}
    done = run_cli("score", "--lang", "en", "-", stdin=json.dumps(bad))
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.strip() == "Round 1: Low was scored, so High was too: enter who got High."
    bad = {**GAME, "rounds": [{**GAME["rounds"][0], "game_points": [-3, 12]}]}
    done = run_cli("score", "--lang", "fr", "-", stdin=json.dumps(bad))
    assert done.returncode == 1 and "Anne & Sylvie" in done.stderr and "Traceback" not in done.stderr


def test_digits_from_other_scripts_are_refused_not_a_crash(client):
    url = start(client, "all-fours", ["Anne", "Julien"])
    for odd in ("③", "²", "1" * 5000):
        response = client.post(
            f"{url}/rounds",
            data={
                "number": "1",
                "step": "round",
                "turn_up.0": "7",
                "beg": "none",
                "high": odd,
                "low": "0",
                "jack": "none",
                "game": "tie",
            },
        )
        assert response.status_code == 422, odd


def test_a_major_renege_mark_is_explained_under_the_board(client):
    """A phone cannot hover: the ✗R mark's meaning is written under the board, only where the mark is."""
    from tests.samples import sample

    url = client.post("/games/import", json=sample("all-fours").MAJOR_RENEGE).headers["Location"]
    board = tagless(client.get(url, headers={"Accept-Language": "en"}))
    assert "✗R reneged holding a top trump: the game is lost" in board
    calm = client.post("/games/import", json=sample("all-fours").GAME).headers["Location"]
    assert "reneged holding a top trump" not in tagless(client.get(calm, headers={"Accept-Language": "en"}))
