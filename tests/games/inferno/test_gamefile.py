"""Inferno on the command line: a warning names its round and player on standard error (moved from
tests/web/test_gamefile.py)."""

import json

import pytest

from tests.games.inferno.sample import WARNED
from tests.web.helpers import run_cli

pytestmark = pytest.mark.two_engines  # each test runs on SQLite and on PostgreSQL


def test_a_warning_on_standard_error_names_the_round_and_the_player():
    done = run_cli("score", "--lang", "en", "-", stdin=json.dumps(WARNED))
    assert done.stderr.splitlines()[0] == (
        "Round 1, Julien: Cards collected: 2. A pickup is at least 3 cards, unless the pile ran out."
    )
