"""Game files with `changes` (FORMAT.md "Players who come and go") on the command line: scored, or refused
as a whole with a message naming the round and the player. Played on any game whose sample walks a changing
table (tests/lineup_walk.py: a latecomer joins before round 2, someone sits out round 3, someone leaves before
round 4), with a seat handed over besides; what the command writes is what the rules derive."""

import json

from click.testing import CliRunner

from scorekeeper import rules
from scorekeeper.cli import main
from tests import pick
from tests.samples import expected, sample

GAME = pick.game(pick.changing_table)
WALKED = sample(GAME).LINEUP
HANDED = {"before": 4, "seat": 1, "to": "Marc"}  # the one who sat out round 3 hands the seat over
DOCUMENT = {**WALKED, "changes": [*WALKED["changes"], HANDED]}
LATE, LEFT = (next(c[kind] for c in WALKED["changes"] if kind in c) for kind in ("join", "leave"))


def score(tmp_path, document, lang="en"):
    """What `scorekeeper score` says of `document`."""
    source = tmp_path / "game.json"
    source.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return CliRunner().invoke(main, ["score", "--lang", lang, str(source)])


def test_score_derives_a_game_with_changes_and_writes_them_back(tmp_path):
    scored = score(tmp_path, DOCUMENT)
    assert scored.exit_code == 0, scored.output
    written = json.loads(scored.stdout)
    assert written["changes"] == DOCUMENT["changes"] and written["rounds"] == DOCUMENT["rounds"]
    result = written["result"]
    assert result["sides"][1] == "Marc" and result["sides"][LATE] == DOCUMENT["players"][LATE]
    assert result["totals"] == expected(DOCUMENT)["totals"]
    assert result["rounds"][0]["totals"][LATE] is None  # not yet come
    assert None not in result["rounds"][0]["totals"][:LATE]
    assert result["standings"] == expected(DOCUMENT)["standings"]


def test_a_leaver_is_marked_in_the_standings(tmp_path):
    standings = json.loads(score(tmp_path, DOCUMENT).stdout)["result"]["standings"]
    assert standings[-1]["side"] == DOCUMENT["players"][LEFT] and standings[-1]["left"] is True
    assert all("left" not in s for s in standings[:-1])


def test_a_file_whose_nulls_disagree_with_its_changes_is_refused_naming_round_and_player(tmp_path):
    early = {
        **DOCUMENT,
        "changes": [{**change, "before": 1} if "join" in change else change for change in DOCUMENT["changes"]],
    }
    scored = score(tmp_path, early, "fr")  # round 1 has the latecomer's nulls
    assert scored.exit_code == 1 and not scored.stdout
    assert DOCUMENT["players"][LATE] in scored.stderr and "manche 1" in scored.stderr


def test_a_file_breaking_a_bound_is_refused_naming_the_bound_and_the_player(tmp_path):
    game, players = rules.get(GAME), DOCUMENT["players"]
    # before round 4 all sit at the table; all but one fewer than the game takes sit out: the last of them breaks it
    crowd = {**DOCUMENT, "rounds": DOCUMENT["rounds"][:3], "changes": [c for c in WALKED["changes"] if c["before"] < 4]}
    crowd["changes"].append({"before": 4, "sit_out": list(range(len(players) - game.min_players + 1))})
    scored = score(tmp_path, crowd, "de")
    assert scored.exit_code == 1
    assert players[len(players) - game.min_players] in scored.stderr and "Runde 4" in scored.stderr
    assert f"{game.min_players} bis {game.max_players}" in scored.stderr
