"""Game files with `changes` (FORMAT.md "Players who come and go") on the command line: scored, or refused
as a whole with a message naming the round and the player."""

import json
from typing import Any

from click.testing import CliRunner

from scorekeeper.cli import main
from tests.rules.test_lineup import FIVE, TOR_3

DOCUMENT: dict[str, Any] = {
    "format": "scorekeeper-game/1",
    "rules": "tout-ou-rien",
    "options": {},
    "players": FIVE,
    "first_dealer": 0,
    "rounds": TOR_3,
    "changes": [{"before": 4, "join": 4, "after": 1}, {"before": 4, "seat": 1, "to": "Marc"}],
}


def score(tmp_path, document, lang="en"):
    """What `scorekeeper score` says of `document`."""
    source = tmp_path / "game.json"
    source.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return CliRunner().invoke(main, ["score", "--lang", lang, str(source)])


def test_score_derives_a_game_with_changes_and_writes_them_back(tmp_path):
    scored = score(tmp_path, DOCUMENT)
    assert scored.exit_code == 0, scored.output
    written = json.loads(scored.stdout)
    assert written["changes"] == DOCUMENT["changes"] and written["rounds"] == TOR_3
    result = written["result"]
    assert result["sides"] == ["Anne", "Marc", "Cleo", "Dan", "Eve"]
    assert result["totals"] == [21, 14, 9, 17, 9]
    assert result["rounds"][0]["totals"] == [3, 4, 3, 13, None]
    assert [s["side"] for s in result["standings"]] == ["Anne", "Dan", "Marc", "Cleo", "Eve"]


def test_a_leaver_is_marked_in_the_standings(tmp_path):
    left = {**DOCUMENT, "changes": [*DOCUMENT["changes"], {"before": 4, "leave": 0}]}
    standings = json.loads(score(tmp_path, left).stdout)["result"]["standings"]
    assert standings[-1] == {"rank": 5, "side": "Anne", "total": 21, "left": True}
    assert all("left" not in s for s in standings[:-1])


def test_a_file_whose_nulls_disagree_with_its_changes_is_refused_naming_round_and_player(tmp_path):
    early = {**DOCUMENT, "changes": [{"before": 3, "join": 4}]}  # round 3 has Eve's nulls
    scored = score(tmp_path, early, "fr")
    assert scored.exit_code == 1 and not scored.stdout
    assert "Eve" in scored.stderr and "manche 3" in scored.stderr


def test_a_file_breaking_a_bound_is_refused_naming_the_bound_and_the_player(tmp_path):
    crowd = {**DOCUMENT, "changes": [{"before": 4, "sit_out": [0, 1, 2]}]}
    crowd["rounds"] = [{k: v[:4] for k, v in r.items()} for r in TOR_3]
    crowd["players"] = FIVE[:4]
    scored = score(tmp_path, crowd, "de")
    assert scored.exit_code == 1
    assert "Cleo" in scored.stderr and "3 bis 6" in scored.stderr and "Runde 4" in scored.stderr


# Eve joins after Marc (Ben's seat handed over) before round 4, which Cleo sits out; Anne leaves before round 5
ROUND_4 = {"bids": [1, 1, None, 0, 1], "open": [False, True, None, False, False], "tricks": [1, 1, None, 0, 1]}
PLAYED = {
    **DOCUMENT,
    "rounds": [*TOR_3, ROUND_4],
    "changes": [
        *DOCUMENT["changes"],
        {"before": 4, "sit_out": [2]},
        {"before": 5, "leave": 0},
        {"before": 5, "adjust": [0, 0, 0, -2, 0], "reason": "misdeal"},
    ],
}
