"""Tout ou rien's game files: FORMAT.md's example (a Tout ou rien game), imported, exported and scored on the
command line, and refused as a whole when one of its rounds is wrong; RULES.md section 8's example with its
changes, imported, exported, shown on the board and printed (moved from tests/web/test_gamefile.py)."""

import json

import pytest

from tests.pdfs import pdf_text
from tests.web.helpers import post_round, run_cli, seats, start
from tests.web.test_gamefile import installed

from .lineup import DOCUMENT, PLAYED

pytestmark = pytest.mark.two_engines  # each test runs on SQLite and on PostgreSQL

TOR = {
    "format": "scorekeeper-game/1",
    "rules": "tout-ou-rien",
    "options": {"hands": [6, 5, 4, 3, 4, 5, 6]},
    "players": ["Anne", "Julien", "Sylvie", "Pierre"],
    "first_dealer": 0,
    "rounds": [{"bids": [3, 2, 0, 1], "open": [False, True, False, True], "tricks": [4, 2, 0, 0]}],
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


def test_exported_game_keeps_entered_rounds(client):
    url = start(client, "tout-ou-rien", ["A", "B", "C"], hands="2")
    post_round(client, url, 1, "bids", {**seats("bids", [1, 1, 0]), **seats("open", ["open", "secret", "secret"])})
    post_round(client, url, 1, "tricks", {"bids.1": 1, "bids.2": 0, **seats("tricks", [1, 1, 0])})
    data = client.get(f"{url}/export.json").get_json()
    assert data["result"]["finished"] is True and data["result"]["winners"] == ["A"]


def test_cli_score_prints_the_result(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(TOR))
    done = installed("score", str(path))
    assert done.returncode == 0
    assert json.loads(done.stdout)["result"]["totals"] == [4, 7, 3, 0]


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


def test_a_game_with_changes_imports_and_exports_exactly(client):
    url = client.post("/games/import", json=DOCUMENT).headers["Location"]
    exported = client.get(f"{url}/export.json").get_json()
    assert {k: v for k, v in exported.items() if k not in ("result", "options")} == {
        k: v for k, v in DOCUMENT.items() if k != "options"
    }
    assert exported["result"]["sides"][1] == "Marc"


def test_the_board_and_the_sheet_show_the_changes_where_they_happened(client):
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
