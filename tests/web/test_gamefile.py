"""Export and import of game files, through the web and the command line."""

import json
import subprocess
import sys

import pytest

from scorekeeper import gamefile, registry, rules
from scorekeeper.i18n import describe
from tests import pick
from tests.samples import sample

from .helpers import run_cli

pytestmark = pytest.mark.two_engines  # each test runs on SQLite and on PostgreSQL

GAMES = [pytest.param(bundle.id, id=bundle.id) for bundle in registry.GAMES]


def test_import_without_a_file_is_a_bad_request(client):
    assert client.post("/games/import", data={}).status_code == 400


def installed(*args, stdin=None):
    """The installed command, as a user runs it (the other tests run it in this process)."""
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", *args], input=stdin, capture_output=True, text=True, timeout=60
    )


@pytest.mark.parametrize("rules_id", GAMES)
def test_every_exported_game_has_its_standings(client, rules_id):
    url = client.post("/games/import", json=sample(rules_id).full_game()).headers["Location"]
    result = client.get(f"{url}/export.json").get_json()["result"]
    standings = result["standings"]
    assert sorted(s["side"] for s in standings) == sorted(result["sides"])
    assert [s["total"] for s in standings] == [result["totals"][result["sides"].index(s["side"])] for s in standings]
    assert [s["side"] for s in standings if s["rank"] == 1] == result["winners"]
    assert [s["rank"] for s in standings] == sorted(s["rank"] for s in standings) and standings[0]["rank"] == 1


WARNED = [pytest.param(bundle.id, id=bundle.id) for bundle in registry.GAMES if sample(bundle.id).WARNED]


@pytest.mark.parametrize("rules_id", WARNED)
def test_cli_score_prints_the_warnings_on_standard_error_and_still_succeeds(rules_id):
    document = sample(rules_id).WARNED
    played = rules.play(gamefile.from_document(document))
    warnings = [describe(w.at_round(r.number), played.sides, "en") for r in played.rounds for w in r.warnings]
    assert warnings, f"tests/samples: the rules give no warning on {rules_id}'s WARNED"
    done = run_cli("score", "--lang", "en", "-", stdin=json.dumps(document))
    assert done.returncode == 0
    assert done.stderr.splitlines() == warnings
    assert json.loads(done.stdout)["rounds"] == document["rounds"]


THREE = pick.game(pick.players(3))  # any game three can play


def game_file(rules_id=THREE, players=("Anne", "Julien", "Sylvie"), **more):
    """A valid game file to spoil."""
    return {"format": "scorekeeper-game/1", "rules": rules_id, "players": list(players), **more}


# -- hostile files on the command line (issue 12) ------------------------------------------------------


@pytest.mark.parametrize(
    "content, said",
    [
        ("[" * 100_000, "nest more than 12 deep"),
        (json.dumps(game_file(players=["A\udc80", "B", "C"])), "broken character"),
        ('{"format": "scorekeeper-game/1", "first_dealer": ' + "9" * 5000 + "}", "a number of 5000 digits"),
        (json.dumps(game_file(players=["An\x00ne", "B", "C"])), "control or text-direction character"),
        (json.dumps(game_file(rounds=[{}] * 1001)), "at most 1000 rounds"),
    ],
    ids=["deep", "surrogate", "digits", "NUL", "rounds"],
)
@pytest.mark.parametrize("command", ["score", "sheet"])
def test_the_command_line_says_what_is_wrong_and_exits_1(tmp_path, content, said, command):
    source = tmp_path / "game.json"
    source.write_text(content, encoding="utf-8")
    args = [command, "--lang", "en", str(source)]
    if command == "sheet":
        args += ["-o", str(tmp_path / "out.pdf")]
    done = run_cli(*args)
    assert done.returncode == 1
    assert said in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
    assert not (tmp_path / "out.pdf").exists()
