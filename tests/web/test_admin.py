"""The admin: one password set by whoever runs the server lists every game; its sign-in is limited and
its session ends after 8 hours, when the password changes, or when it signs out (on every server)."""

import pytest

from scorekeeper import create_app
from tests import pick
from tests.conftest import TEST_CONFIG
from tests.samples import enter, first, sample

from .helpers import game_count, reading, start, text

pytestmark = pytest.mark.two_engines  # each test runs on SQLite and on PostgreSQL

P3 = ["Anne", "Julien", "Sylvie"]
GAME = pick.game(pick.players(3))  # any game three can play
EN = {"Accept-Language": "en"}
FR = {"Accept-Language": "fr"}


@pytest.fixture
def admin_app(app):
    app.config["ADMIN_PASSWORD"] = "cœur à pique"
    return app


def closed(app, night: str) -> bool:
    """Whether the club night is closed, as stored."""
    with reading(app) as db:
        return bool(db.execute("select closed from events where id = ?", [night.rsplit("/", 1)[-1]]).fetchone()[0])


@pytest.fixture
def url(client):
    """A game this phone started, with round 1 played (its sample's)."""
    return enter(client, first(sample(GAME).GAME, 1))


def test_without_a_password_there_is_no_admin(client):
    assert client.get("/admin").status_code == 404
    assert client.post("/admin", data={"password": ""}).status_code == 404
    assert "/admin" not in client.get("/").get_data(as_text=True)


def test_the_admin_password_lists_every_game(admin_app, client, other_phone, url):
    assert url not in other_phone.get("/").get_data(as_text=True)
    assert 'href="/admin"' in other_phone.get("/").get_data(as_text=True)
    wrong = other_phone.post("/admin", data={"password": "cœur"}, headers=EN)
    assert wrong.status_code == 422 and "not the admin password" in text(wrong)
    assert url not in other_phone.get("/").get_data(as_text=True)
    right = other_phone.post("/admin", data={"password": "cœur à pique"})
    assert right.status_code == 303 and right.headers["Location"] == "/"
    cookie = right.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert url in other_phone.get("/").get_data(as_text=True)
    assert "Sign out" in text(other_phone.get("/admin", headers=EN))
    assert other_phone.post(f"{url}/rounds/1/undo").status_code == 403  # seeing every game is not scoring it
    other_phone.post("/admin/logout")
    assert url not in other_phone.get("/").get_data(as_text=True)


def test_the_admin_password_comes_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("SCOREKEEPER_ADMIN_PASSWORD", "secret")
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path))
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "env.sqlite"), "SECRET_KEY": "t"})
    assert app.test_client().get("/admin").status_code == 200


def test_repeated_wrong_passwords_are_refused_for_a_while(admin_app, client):
    for _ in range(5):
        assert client.post("/admin", data={"password": "pique"}, headers=EN).status_code == 422
    for headers, said in ((EN, "Too many wrong passwords: wait a minute"), (FR, "Trop de mots de passe erronés")):
        response = client.post("/admin", data={"password": "cœur à pique"}, headers=headers)
        assert response.status_code == 429 and said in text(response)
        assert int(response.headers["Retry-After"]) > 0
    assert "Sign out" not in text(client.get("/admin", headers=EN))


def test_a_right_password_does_not_count_against_the_limit(admin_app, client):
    for _ in range(8):
        assert client.post("/admin", data={"password": "cœur à pique"}).status_code == 303


def test_an_admin_session_expires(admin_app, client):
    assert client.post("/admin", data={"password": "cœur à pique"}).status_code == 303
    assert "Sign out" in text(client.get("/admin", headers=EN))
    with client.session_transaction() as session:
        session["admin_since"] -= 8 * 3600 + 1
    assert "Sign out" not in text(client.get("/admin", headers=EN))


def test_a_new_admin_password_ends_every_admin_session(admin_app, client, other_phone):
    url = start(other_phone, GAME, P3)
    assert client.post("/admin", data={"password": "cœur à pique"}).status_code == 303
    admin_app.config["ADMIN_PASSWORD"] = "trèfle"
    assert "Sign out" not in text(client.get("/admin", headers=EN))
    assert client.post(f"{url}/delete").status_code == 403


def test_the_admin_may_delete_any_game(admin_app, client, other_phone):
    url = start(other_phone, GAME, P3)
    assert client.post("/admin", data={"password": "cœur à pique"}).status_code == 303
    assert client.post(f"{url}/delete").status_code == 303
    assert game_count(admin_app) == 0


def test_signing_out_ends_the_session_for_a_copy_of_its_cookie_too(admin_app, client, other_phone):
    url = start(other_phone, GAME, P3)
    night = other_phone.post("/events", data={"name": "Vendredi", "day": "2026-11-27"}).headers["Location"]
    assert client.post("/admin", data={"password": "cœur à pique"}).status_code == 303
    copied = client.get_cookie("session").value  # taken before signing out, by someone at the admin's shoulder
    elsewhere = create_app({**TEST_CONFIG, "DATABASE": admin_app.config["DATABASE"], "ADMIN_PASSWORD": "cœur à pique"})
    for app in (admin_app, elsewhere):  # another worker or server over the same store
        replay = app.test_client()
        replay.set_cookie("session", copied)
        assert "Sign out" in text(replay.get("/admin", headers=EN))
    assert client.post("/admin/logout").status_code == 303
    for app in (admin_app, elsewhere):
        replay = app.test_client()
        replay.set_cookie("session", copied)
        assert "Sign out" not in text(replay.get("/admin", headers=EN))
        assert replay.post(f"{url}/delete").status_code == 403
        assert replay.post(f"{night}/close").status_code == 403
    assert game_count(admin_app) == 1 and not closed(admin_app, night)
