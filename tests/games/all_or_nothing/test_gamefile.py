"""ALL or NOTHING's game files: one uploaded, scored on the command line and read with a byte order mark (moved
from tests/web/test_gamefile.py)."""

import json

import pytest

from tests.web.helpers import run_cli, totals
from tests.web.test_gamefile import installed

pytestmark = pytest.mark.two_engines  # each test runs on SQLite and on PostgreSQL

AON = {
    "format": "scorekeeper-game/1",
    "rules": "all-or-nothing",
    "players": ["Zoë", "Łukasz", "Őrs"],
    "rounds": [{"bids": ["nothing", "all", "nothing"], "tricks": [0, 9, 1], "reneges": [0, 0, 1]}],
}


def test_import_as_upload_field(client):
    from io import BytesIO

    data = {"file": (BytesIO(json.dumps(AON).encode()), "game.json")}
    response = client.post("/games/import", data=data, content_type="multipart/form-data")
    assert response.status_code == 303
    assert totals(client.get(response.headers["Location"])) == ["80", "110", "130"]


def test_cli_score_prints_the_result_read_from_standard_input():
    done = installed("score", "-", stdin=json.dumps(AON))
    assert json.loads(done.stdout)["result"]["totals"] == [80, 110, 130]


def test_cli_reads_a_file_saved_with_a_byte_order_mark(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(AON), encoding="utf-8-sig")
    done = run_cli("score", str(path))
    assert done.returncode == 0 and json.loads(done.stdout)["result"]["totals"] == [80, 110, 130]
