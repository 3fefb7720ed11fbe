"""The changes page as a table meets it (RULES.md section 8): no stop offered before a round is played, a
refusal said beside the form it refuses, a comeback of someone who never left told plainly, the game's header
naming the players at the table, a refused correction naming the change corrected and kept as typed. Played on
the first game by id that walks a changing table (tests/lineup_walk.py: a latecomer joins before round 2, someone
sits out round 3, someone leaves before round 4)."""

from __future__ import annotations

import pytest

from scorekeeper import rules
from tests import lineup_walk
from tests.markup import parse

from .helpers import imported

EN = {"Accept-Language": "en"}


@pytest.fixture
def walked() -> dict:
    """The game file of the first game (by id) that walks a changing table."""
    return lineup_walk.walk(lineup_walk.walked()[0])


def cut(document: dict, rounds: int, changes: int = 0) -> dict:
    """The game file with its first `rounds` rounds and `changes` changes, and only the players seated by then."""
    kept = document["changes"][:changes]
    late = lineup_walk.latecomers(document) - lineup_walk.latecomers({"changes": kept})
    players = [name for p, name in enumerate(document["players"]) if p not in late]
    return {
        **document,
        "players": players,
        "rounds": [_without(r, late, len(document["players"])) for r in document["rounds"][:rounds]],
        "changes": kept,
    }


def _without(rnd: dict, late: set[int], n: int) -> dict:
    """A round with the entries of the players `late` taken out (they come after the last player listed)."""
    return {
        key: [x for p, x in enumerate(value) if p not in late] if isinstance(value, list) and len(value) == n else value
        for key, value in rnd.items()
    }


def post_change(client, url: str, kind: str, **fields):
    """Post one change from the changes page as a phone without JavaScript does: the response."""
    version = parse(client.get(f"{url}/lineup").get_data()).first("input", name="version").attrs["value"]
    data = {"kind": kind, "version": version, **fields}
    return client.post(f"{url}/lineup", data=data, headers=EN)


def test_no_stop_is_offered_before_the_first_round(client, walked):
    page = parse(client.get(f"{imported(client, cut(walked, 0))}/lineup", headers=EN).get_data())
    assert not page.all("form", id="stop") and "Stop after round 0" not in page.text()
    page = parse(client.get(f"{imported(client, cut(walked, 1))}/lineup", headers=EN).get_data())
    assert page.first("form", id="stop").first("button").text() == "Stop after round 1"


def test_a_refused_change_is_said_beside_its_form_and_the_page_opens_there(client, walked):
    url = imported(client, cut(walked, 1))
    taken = walked["players"][0]  # a name already in the game: a seat goes to someone new
    refused = post_change(client, url, "seat", player="1", to=taken)
    assert refused.status_code == 422
    page = parse(refused.get_data())
    said = page.first("form", id="hand-over").first(id="lineup-errors")
    assert taken in said.text() and "already played" in said.text()
    assert len(page.all(id="lineup-errors")) == 1  # said once, where the scorer typed it
    actions = {form.attrs["id"]: form.attrs["action"] for form in page.all("form", method="post")}
    assert actions["hand-over"].endswith("#lineup-errors")  # without JavaScript the answer opens at the refusal


def test_a_refusal_of_a_form_not_on_the_page_is_said_at_its_top(client, walked):
    url = imported(client, cut(walked, 0))
    refused = post_change(client, url, "stop")
    assert refused.status_code == 422
    page = parse(refused.get_data())
    assert "none has been played yet" in page.first("section", id="lineup-page").first(id="lineup-errors").text()


def test_bringing_back_someone_who_never_left_is_told_plainly(client, walked):
    url = imported(client, cut(walked, 1))
    name = walked["players"][1]
    refused = post_change(client, url, "back", player="1")
    assert refused.status_code == 422
    said = parse(refused.get_data()).first(id="lineup-errors").text()
    assert said == f"{name} has not left the game: only a player who left comes back."
    assert "changes" not in client.get(f"{url}/export.json").get_json()


def test_the_game_s_header_names_the_players_at_the_table_not_one_who_left(client, walked):
    leaver = next(change["leave"] for change in walked["changes"] if "leave" in change)
    at_table = [name for p, name in enumerate(walked["players"]) if p != leaver]
    header = parse(client.get(imported(client, walked), headers=EN).get_data()).first("header", class_="game-head")
    assert header.first("p", class_="muted").text() == " · ".join(at_table)


def test_a_correction_refused_by_the_player_count_names_the_change_corrected(client, walked):
    document = cut(walked, 2, 2)  # the latecomer is in; before round 3 someone sits out, then someone leaves
    sitting = document["changes"][-1]["sit_out"]
    leaver = next(p for p in range(len(document["players"])) if p not in sitting)
    document["changes"].append({"before": 3, "leave": leaver})
    url = imported(client, document)
    fewest = rules.get(document["rules"]).min_players
    others = [p for p in range(len(document["players"])) if p not in (leaver, *sitting)]
    more = others[: len(others) - fewest + 1]  # one player too few left to play round 3
    form = parse(client.get(f"{url}/lineup/2", headers=EN).get_data()).first("form", id="correct-change")
    ticked = [str(p) for p in sorted([*sitting, *more])]
    refused = client.post(f"{url}/lineup/2", data={"was": form.value("was"), "sit_out": ticked}, headers=EN)
    assert refused.status_code == 422
    said = parse(refused.get_data()).first(id="lineup-errors").text()
    named = document["players"][int(ticked[-1])]
    assert said.startswith(f"{named}: ") and f"round 3 would have {fewest - 1}" in said, said
    assert parse(refused.get_data()).first("form", id="correct-change").ticked("sit_out") == ticked  # as typed


def test_a_refused_correction_of_a_hand_over_keeps_the_name_typed(client, walked):
    url = imported(client, cut(walked, 1))
    assert post_change(client, url, "seat", player="1", to="Zed").status_code == 303
    form = parse(client.get(f"{url}/lineup/1", headers=EN).get_data()).first("form", id="correct-change")
    taken = walked["players"][0]
    typed = {"was": form.value("was"), "player": "1", "to": taken}
    refused = client.post(f"{url}/lineup/1", data=typed, headers=EN)
    assert refused.status_code == 422
    page = parse(refused.get_data())
    assert "already played" in page.first(id="lineup-errors").text()
    assert page.first("form", id="correct-change").value("to") == taken


def test_a_newcomer_with_the_name_of_one_who_left_is_told_to_bring_them_back(client, walked):
    url = imported(client, walked)
    leaver = walked["players"][next(change["leave"] for change in walked["changes"] if "leave" in change)]
    refused = post_change(client, url, "join", name=leaver.upper())
    assert refused.status_code == 422
    said = parse(refused.get_data()).first("form", id="join").first(id="lineup-errors").text()
    assert said == f"{leaver} left the game: bring them back under “Someone comes back”."
    assert [o.text() for o in parse(refused.get_data()).first("form", id="back").all("option")] == [leaver]


def test_a_refused_correction_of_a_join_keeps_the_start_typed(client):
    chosen = next(g for g in lineup_walk.walked() if rules.get(g).start_range is not None)  # a start is typed
    url = imported(client, cut(lineup_walk.walk(chosen), 1, 1))
    form = parse(client.get(f"{url}/lineup/1", headers=EN).get_data()).first("form", id="correct-change")
    typed = {"was": form.value("was"), "after": form.value("after"), "start": "99999"}
    refused = client.post(f"{url}/lineup/1", data=typed, headers=EN)
    assert refused.status_code == 422
    page = parse(refused.get_data())
    assert "A starting total is a whole number from" in page.first(id="lineup-errors").text()
    assert page.first("form", id="correct-change").value("start") == "99999"


@pytest.mark.parametrize("typed", ["   ", "X" * 41])
def test_a_newcomer_without_a_name_or_with_too_long_a_one_is_told_so_without_a_player_number(client, walked, typed):
    url = imported(client, cut(walked, 1))
    refused = post_change(client, url, "join", name=typed)
    assert refused.status_code == 422
    said = parse(refused.get_data()).first("form", id="join").first(id="lineup-errors").text()
    assert said == "The new player's name must be 1 to 40 characters."  # not "Player 5 has no name."
