"""On a shared browser, what a phone saw of its own games stays its own: pages listing them are kept by no
cache, the admin's cookie never travels in the clear after HTTPS, and signing out forgets everything kept."""

from __future__ import annotations

import pytest

from tests import pick

from .helpers import HX, start

GAME = pick.game(pick.players(3))  # any game three can play

PASSWORD = "cœur à pique"


@pytest.fixture
def game(app, client) -> str:
    """A game this phone started."""
    app.config["ADMIN_PASSWORD"] = PASSWORD
    return start(client, GAME, ["Anne", "Julien", "Sylvie"])


@pytest.mark.parametrize(
    ("path", "headers"),
    [
        ("/", {}),
        ("/history", {}),
        ("/history", HX),
        (f"/history?game={GAME}", {}),
        ("/history.csv", {}),
        ("/players/Anne", {}),
        ("/players/Anne", HX),
        ("/admin", {}),
    ],
)
def test_pages_of_this_phones_own_games_are_kept_nowhere(client, game, path, headers):
    response = client.get(path, headers=headers)
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    if response.mimetype == "text/html" and not headers:
        assert '<body hx-ext="replace" hx-history="false">' in response.get_data(as_text=True)  # nor htmx's history


def test_the_admins_list_of_every_game_is_kept_nowhere(client, game):
    assert client.post("/admin", data={"password": PASSWORD}).status_code == 303
    listing = client.get("/")
    assert game in listing.get_data(as_text=True) and listing.headers["Cache-Control"] == "no-store"


def test_a_game_page_is_still_kept_for_offline_use(client, game):
    response = client.get(game)
    assert "no-store" not in response.headers.get("Cache-Control", "")
    assert "hx-history" not in response.get_data(as_text=True)


def test_the_admins_cookie_is_secure_over_https(app, game):
    over_https = app.test_client()
    signed_in = over_https.post("/admin", data={"password": PASSWORD}, base_url="https://localhost")
    cookie = signed_in.headers["Set-Cookie"]
    assert cookie.startswith("session=") and "; Secure" in cookie and "HttpOnly" in cookie
    plain = app.test_client().post("/admin", data={"password": PASSWORD})
    assert "Secure" not in plain.headers["Set-Cookie"]  # over the Wi-Fi in plain HTTP it could not be sent back


def test_signing_out_makes_the_browser_forget_what_it_kept(client, game):
    client.post("/admin", data={"password": PASSWORD})
    response = client.post("/admin/logout")
    assert response.status_code == 303
    assert response.headers["Clear-Site-Data"] == '"cache", "storage"'
