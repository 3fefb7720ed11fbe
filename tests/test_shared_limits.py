"""Rate limits hold for the whole deployment, not for each worker: two processes over one store (two gunicorn
workers, or two app servers on PostgreSQL) count one address together and stop it at the stated limit."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from scorekeeper import create_app, ratelimits
from scorekeeper.security import limiter
from tests import pick
from tests.conftest import own_app
from tests.web.helpers import reading

pytestmark = pytest.mark.two_engines  # each test runs on SQLite and on PostgreSQL

GAME = pick.game(pick.players(3))  # any game three can play
PLAYERS = {"player.0": "Anne", "player.1": "Julien", "player.2": "Sylvie", "dealer": "0"}
NEW_GAME = ("POST", f"/new/{GAME}", PLAYERS)
WRONG_PASSWORD = ("POST", "/admin", {"password": "guess"})
SETTINGS = {"CREATE_LIMIT": "4 per hour", "ADMIN_SIGN_IN_LIMIT": "3 per hour", "ADMIN_PASSWORD": "right"}

# another process: an app over the same store, the same address (the test client's 127.0.0.1) asking in turn
ELSEWHERE = """
import json, sys
from scorekeeper import create_app
client = create_app(json.loads(sys.argv[1])).test_client()
asked = json.loads(sys.argv[2])
print(json.dumps([client.open(path, method=method, data=form).status_code for method, path, form in asked]))
"""


def elsewhere(app, tmp_path, requests: list, **settings) -> list[int]:
    """The statuses another process's app, over this app's store, answers to `requests`."""
    config = {"TESTING": True, "SECRET_KEY": "test", **SETTINGS, "DATABASE": app.config["DATABASE"], **settings}
    env = {k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER_")}
    env["SCOREKEEPER_INSTANCE"] = str(tmp_path / "elsewhere")
    command = [sys.executable, "-c", ELSEWHERE, json.dumps(config), json.dumps(requests)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def games(app) -> int:
    """How many games the store holds."""
    with reading(app) as db:
        return db.execute("select count(*) from games").fetchone()[0]


def test_two_processes_on_one_store_stop_an_address_at_the_limit_together(app, client, tmp_path):
    """New games: 2 here, then the other process gets the 2 left and 429s; this one is refused after. Wrong
    admin passwords the same way: 3 an hour for the deployment, not 3 for each process."""
    app.config.update(SETTINGS)
    assert [client.post(f"/new/{GAME}", data=PLAYERS).status_code for _ in range(2)] == [303, 303]
    assert client.post("/admin", data={"password": "guess"}).status_code == 422
    there = elsewhere(app, tmp_path, [NEW_GAME] * 3 + [WRONG_PASSWORD] * 3)
    assert there == [303, 303, 429, 422, 422, 429]
    assert client.post(f"/new/{GAME}", data=PLAYERS).status_code == 429
    assert client.post("/admin", data={"password": "guess"}).status_code == 429
    assert games(app) == 4  # the stated limit, stored: not 4 for each process


@pytest.fixture
def limiter_put_back(tmp_path, empty_store):
    """The process's limiter (one for every app: Flask-Limiter's) counting in the app's store again after a test
    that gave it another, as every other test's app expects."""
    yield
    own_app(empty_store, tmp_path)


def test_an_operators_store_for_the_counts_is_used_instead(tmp_path, empty_store, limiter_put_back):
    """RATELIMIT_STORAGE_URI given (here `memory://`, each process's own memory; Redis in a real deployment):
    the counts are kept there and not in the app's store, so another process counts apart."""
    store = tmp_path / "store.sqlite"
    store.write_bytes(empty_store.read_bytes())
    config = {"TESTING": True, "SECRET_KEY": "test", **SETTINGS, "DATABASE": str(store)}
    app = create_app({**config, "RATELIMIT_STORAGE_URI": "memory://"})
    client = app.test_client()
    assert [client.post(f"/new/{GAME}", data=PLAYERS).status_code for _ in range(5)] == [303] * 4 + [429]
    assert elsewhere(app, tmp_path, [NEW_GAME] * 2, RATELIMIT_STORAGE_URI="memory://") == [303, 303]
    assert games(app) == 6


def windows(app) -> list[tuple[str, int]]:
    """The rate limits' running counts in the store: each key's last part (the period) and its hits."""
    with reading(app) as db:
        return sorted(
            (name.rsplit("/", 1)[-1], hits) for name, hits in db.execute("select name, hits from rate_limits")
        )


def test_an_address_past_its_limit_is_refused_without_a_write(app, client):
    """A flood of refused requests costs the store a read each, not a write."""
    app.config["CREATE_LIMIT"] = "4 per hour"
    answers = [client.post(f"/new/{GAME}", data=PLAYERS).status_code for _ in range(8)]
    assert answers == [303] * 4 + [429] * 4
    assert windows(app) == [("hour", 4)]


def test_windows_that_are_over_are_deleted_as_counting_goes(app, client, monkeypatch):
    """The table holds the running windows only: one over (a wrong admin password's, two minutes ago) is gone
    once another address or limit is counted."""
    app.config.update(ADMIN_PASSWORD="right", ADMIN_SIGN_IN_LIMIT="5 per minute")
    assert client.post("/admin", data={"password": "guess"}).status_code == 422
    assert windows(app) == [("minute", 1)]
    later = time.time() + 120
    monkeypatch.setattr(ratelimits.time, "time", lambda: later)
    monkeypatch.setattr(limiter.storage, "pruned", 0.0)  # this process's last pruning: an earlier test's future
    assert client.post(f"/new/{GAME}", data=PLAYERS).status_code == 303
    assert windows(app) == [("minute", 1)] and games(app) == 1  # the new game's window; the sign-in's is gone
