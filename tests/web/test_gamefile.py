"""Export and import of game files, through the web and the command line."""

import json
import subprocess
import sys

import pytest

from scorekeeper import gamefile, registry, rules
from scorekeeper.i18n import describe
from tests.samples import sample

from .helpers import post_round, run_cli, seats, start, totals

pytestmark = pytest.mark.two_engines  # each test runs on SQLite and on PostgreSQL

MAJOR_RENEGE = sample("all-fours").MAJOR_RENEGE
GAMES = [pytest.param(bundle.id, id=bundle.id) for bundle in registry.GAMES]

TOR = {
    "format": "scorekeeper-game/1",
    "rules": "tout-ou-rien",
    "options": {"hands": [6, 5, 4, 3, 4, 5, 6]},
    "players": ["Anne", "Julien", "Sylvie", "Pierre"],
    "first_dealer": 0,
    "rounds": [{"bids": [3, 2, 0, 1], "open": [False, True, False, True], "tricks": [4, 2, 0, 0]}],
}
AON = {
    "format": "scorekeeper-game/1",
    "rules": "all-or-nothing",
    "players": ["Zoë", "Łukasz", "Őrs"],
    "rounds": [{"bids": ["nothing", "all", "nothing"], "tricks": [0, 9, 1], "reneges": [0, 0, 1]}],
}


def test_export_result_matches_format_example(client):
    url = client.post("/games/import", json=TOR).headers["Location"]
    result = client.get(f"{url}/export.json").get_json()["result"]
    assert result["rounds"] == [{"dealer": 0, "scores": [4, 7, 3, 0], "totals": [4, 7, 3, 0]}]
    assert result["finished"] is False and result["winners"] == []
    assert result["standings"] == [
        {"rank": 1, "side": "Julien", "total": 7},
        {"rank": 2, "side": "Anne", "total": 4},
        {"rank": 3, "side": "Sylvie", "total": 3},
        {"rank": 4, "side": "Pierre", "total": 0},
    ]


def test_import_as_upload_field(client):
    from io import BytesIO

    data = {"file": (BytesIO(json.dumps(AON).encode()), "game.json")}
    response = client.post("/games/import", data=data, content_type="multipart/form-data")
    assert response.status_code == 303
    assert totals(client.get(response.headers["Location"])) == ["80", "110", "130"]


@pytest.mark.parametrize(
    "body, status, words",
    [
        ("{not json", 400, "line 1, column 2"),
        (json.dumps({**TOR, "rules": "belote"}), 422, "belote"),
        (json.dumps({**TOR, "options": {"colour": 1}}), 422, "colour"),
        (json.dumps({**TOR, "players": ["Anne", "Julien"]}), 422, "2"),
        (
            json.dumps({**TOR, "rounds": [{"bids": [3, 2, 0, 9], "open": [False] * 4, "tricks": [4, 2, 0, 0]}]}),
            422,
            "Pierre",
        ),
        (
            json.dumps({**TOR, "rounds": [{"bids": [3, 2, 0, 1], "open": [False] * 4, "tricks": [4, 2, 0, 1]}]}),
            422,
            "7",
        ),
    ],
)
def test_bad_imports_say_what_and_store_nothing(client, body, status, words):
    response = client.post(
        "/games/import", data=body, content_type="application/json", headers={"Accept-Language": "en"}
    )
    assert response.status_code == status
    assert words in response.get_data(as_text=True)
    assert "No games yet" in client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)


def test_import_without_a_file_is_a_bad_request(client):
    assert client.post("/games/import", data={}).status_code == 400


def test_exported_game_keeps_entered_rounds(client):
    url = start(client, "tout-ou-rien", ["A", "B", "C"], hands="2")
    post_round(client, url, 1, "bids", {**seats("bids", [1, 1, 0]), **seats("open", ["open", "secret", "secret"])})
    post_round(client, url, 1, "tricks", {"bids.1": 1, "bids.2": 0, **seats("tricks", [1, 1, 0])})
    data = client.get(f"{url}/export.json").get_json()
    assert data["result"]["finished"] is True and data["result"]["winners"] == ["A"]


def installed(*args, stdin=None):
    """The installed command, as a user runs it (the other tests run it in this process)."""
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", *args], input=stdin, capture_output=True, text=True, timeout=60
    )


def test_cli_score_prints_the_result(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(TOR))
    done = installed("score", str(path))
    assert done.returncode == 0
    assert json.loads(done.stdout)["result"]["totals"] == [4, 7, 3, 0]
    done = installed("score", "-", stdin=json.dumps(AON))
    assert json.loads(done.stdout)["result"]["totals"] == [80, 110, 130]


def test_cli_score_prints_the_standings_the_rules_give():
    result = json.loads(run_cli("score", "-", stdin=json.dumps(MAJOR_RENEGE)).stdout)["result"]
    assert result["winners"] == ["Julien & Pierre"]
    assert result["standings"] == [
        {"rank": 1, "side": "Julien & Pierre", "total": 0},
        {"rank": 2, "side": "Anne & Sylvie", "total": 4},
    ]


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


def test_a_warning_on_standard_error_names_the_round_and_the_player():
    done = run_cli("score", "--lang", "en", "-", stdin=json.dumps(sample("inferno").WARNED))
    assert done.stderr.splitlines()[0] == (
        "Round 1, Julien: Cards collected: 2. A pickup is at least 3 cards, unless the pile ran out."
    )


def test_cli_score_prints_nothing_on_standard_error_without_a_warning():
    done = run_cli("score", "--lang", "en", "-", stdin=json.dumps(TOR))
    assert done.returncode == 0 and done.stderr == ""


def test_cli_score_invalid_file_one_message_exit_1():
    bad = {**TOR, "rounds": [{"bids": [3, 2, 0, 1], "open": [False] * 4, "tricks": [4, 2, -1, 1]}]}
    done = run_cli("score", "--lang", "en", "-", stdin=json.dumps(bad))
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.strip().startswith("Round 1, Sylvie:") and "Traceback" not in done.stderr
    done = run_cli("score", "--lang", "fr", "-", stdin="[]")
    assert done.returncode == 1 and "objet JSON" in done.stderr
    done = run_cli("score", "/nonexistent/game.json")
    assert done.returncode != 0 and "Traceback" not in done.stderr


def test_cli_reads_a_file_saved_with_a_byte_order_mark(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(AON), encoding="utf-8-sig")
    done = run_cli("score", str(path))
    assert done.returncode == 0 and json.loads(done.stdout)["result"]["totals"] == [80, 110, 130]


def game_file(rules_id="inferno", players=("Anne", "Julien", "Sylvie"), **more):
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


def test_a_game_with_changes_imports_and_exports_exactly(client):
    from tests.test_lineup_file import DOCUMENT

    url = client.post("/games/import", json=DOCUMENT).headers["Location"]
    exported = client.get(f"{url}/export.json").get_json()
    assert {k: v for k, v in exported.items() if k not in ("result", "options")} == {
        k: v for k, v in DOCUMENT.items() if k != "options"
    }
    assert exported["result"]["sides"][1] == "Marc"


def test_the_board_and_the_sheet_show_the_changes_where_they_happened(client):
    from tests.pdfs import pdf_text
    from tests.test_lineup_file import PLAYED

    url = client.post("/games/import", json=PLAYED).headers["Location"]
    page = client.get(url).get_data(as_text=True)
    board = page[page.index('id="scoreboard"') :]
    before_4 = board[board.index('class="change"') : board.index('id="round-4"')]
    assert "Eve arrive et part de 9." in before_4 and "Ben → Marc (dès la manche 4)" in before_4  # French first
    assert "Passe son tour : Cleo." in before_4
    after = board[board.index('id="round-4"') :]
    assert "Anne part. Ajustement (misdeal) : Dan −2." in after
    row_1 = board[board.index('id="round-1"') : board.index('id="round-2"')]
    assert row_1.count("—") == 1  # Eve had not come yet
    sheet = pdf_text(client.get(f"{url}/sheet.pdf").get_data())
    assert "Eve arrive et part de 9." in sheet and "Anne part." in sheet
