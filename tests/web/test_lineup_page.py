"""The changes page as a table meets it (RULES.md section 8): no stop offered before a round is played, a
refusal said beside the form it refuses, a comeback of someone who never left told plainly, the game's header
naming the players at the table, a refused correction naming the change corrected. Played on the first game by
id that walks a changing table (tests/lineup_walk.py: a latecomer joins before round 2, someone sits out
round 3, someone leaves before round 4)."""

from __future__ import annotations

import json

import pytest

from scorekeeper import rules
from tests import lineup_walk
from tests.markup import parse

EN = {"Accept-Language": "en"}


@pytest.fixture
def walked() -> dict:
    """The game file of the first game (by id) that walks a changing table."""
    return lineup_walk.walk(lineup_walk.walked()[0])


def imported(client, document: dict) -> str:
    """A game file imported (so owned, and scored) by `client`: its address."""
    response = client.post("/games/import", data=json.dumps(document), content_type="application/json")
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"]


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
