"""What one address may ask of the server: games started, imported and rematched per minute (Flask-Limiter),
and whose address a request is from (the socket's, or a trusted proxy's word)."""

from __future__ import annotations

import json

import pytest

from scorekeeper import create_app
from tests import pick
from tests.conftest import TEST_CONFIG, fresh_store
from tests.samples import sample

from .helpers import game_count, text

EN = {"Accept-Language": "en"}
FR = {"Accept-Language": "fr"}
DE = {"Accept-Language": "de"}
GAME = pick.game(pick.players(3))  # any game three can play
TABLE = {"player.0": "Anne", "player.1": "Julien", "player.2": "Sylvie", "dealer": "0"}


def create(client, headers=None, **environ):
    """Tap "Start" on a game's setup form."""
    return client.post(f"/new/{GAME}", data=TABLE, headers=headers or {}, environ_base=environ)


def test_two_hundred_games_a_minute_then_a_429_in_the_pages_language(app, client):
    for _ in range(200):  # a venue of 100 tables behind one address starts its games within a minute, twice over
        assert create(client).status_code == 303
    for headers, said in (
        (EN, "Too many new games from this address in a short time: wait a minute"),
        (FR, "Trop de nouvelles parties depuis cette adresse"),
        (DE, "Zu viele neue Partien von dieser Adresse"),
    ):
        response = create(client, headers)
        assert response.status_code == 429 and said in text(response)
        assert 0 < int(response.headers["Retry-After"]) <= 60
    assert game_count(app) == 200


def test_starting_importing_and_rematching_share_one_count_per_address(app, client, other_phone):
    app.config["CREATE_LIMIT"] = "3 per minute"
    document = sample(GAME).full_game()
    imported = client.post("/games/import", data=json.dumps(document), content_type="application/json")
    assert imported.status_code == 303
    assert client.post(imported.headers["Location"] + "/rematch").status_code == 303
    assert create(client).status_code == 303
    assert client.post("/games/import", data=json.dumps(document), content_type="application/json").status_code == 429
    assert client.post(imported.headers["Location"] + "/rematch").status_code == 429
    assert create(client).status_code == 429
    assert create(other_phone, REMOTE_ADDR="192.168.1.21").status_code == 303  # another table's phone
    assert game_count(app) == 4


def test_a_forwarded_address_is_not_believed_from_anyone(app, client):
    app.config["CREATE_LIMIT"] = "2 per minute"
    for k in range(2):
        assert create(client, {"X-Forwarded-For": f"10.0.0.{k}"}).status_code == 303
    assert create(client, {"X-Forwarded-For": "10.0.0.9"}).status_code == 429


@pytest.fixture
def behind_caddy(tmp_path, empty_store):
    """The app with Caddy in front on this machine: TRUSTED_PROXY says so."""
    config = {**TEST_CONFIG, "DATABASE": fresh_store(empty_store, tmp_path), "TRUSTED_PROXY": "127.0.0.1"}
    config["CREATE_LIMIT"] = "2 per minute"
    return create_app(config)


def test_behind_a_trusted_proxy_each_phone_counts_on_its_own(behind_caddy):
    client = behind_caddy.test_client()
    for phone in ("192.168.1.20", "192.168.1.21"):
        for _ in range(2):
            assert create(client, {"X-Forwarded-For": phone}).status_code == 303
        assert create(client, {"X-Forwarded-For": phone}).status_code == 429


def test_only_the_configured_proxy_is_believed(behind_caddy):
    client = behind_caddy.test_client()
    elsewhere = {"REMOTE_ADDR": "192.168.1.66"}
    for k in range(2):
        assert create(client, {"X-Forwarded-For": f"10.0.0.{k}"}, **elsewhere).status_code == 303
    assert create(client, {"X-Forwarded-For": "10.0.0.9"}, **elsewhere).status_code == 429


def test_the_scheme_a_trusted_proxy_saw_is_the_requests(behind_caddy):
    response = create(behind_caddy.test_client(), {"X-Forwarded-For": "192.168.1.20", "X-Forwarded-Proto": "https"})
    assert "Secure" in response.headers["Set-Cookie"]  # the phone's cookie, sent over HTTPS only
    response = create(behind_caddy.test_client(), {"X-Forwarded-Proto": "https"}, REMOTE_ADDR="192.168.1.66")
    assert "Secure" not in response.headers["Set-Cookie"]
