"""All Fours on the command line: a major renege's winners first in the standings (moved from
tests/web/test_gamefile.py)."""

import json

import pytest

from tests.games.all_fours.sample import MAJOR_RENEGE
from tests.web.helpers import run_cli

pytestmark = pytest.mark.two_engines  # each test runs on SQLite and on PostgreSQL


def test_cli_score_prints_the_standings_the_rules_give():
    result = json.loads(run_cli("score", "-", stdin=json.dumps(MAJOR_RENEGE)).stdout)["result"]
    assert result["winners"] == ["Julien & Pierre"]
    assert result["standings"] == [
        {"rank": 1, "side": "Julien & Pierre", "total": 0},
        {"rank": 2, "side": "Anne & Sylvie", "total": 4},
    ]
