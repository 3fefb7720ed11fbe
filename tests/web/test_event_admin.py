"""The admin's club nights: every night on the server listed, and one deleted (its games kept, as games of no
night); nobody else may see the list or delete a night, and a cross-site request is refused as everywhere."""

import pytest

from tests import pick

from .helpers import reading, text
from .test_events import EN, make_event, play

pytestmark = pytest.mark.two_engines  # each test runs on SQLite and on PostgreSQL

PASSWORD = "cœur à pique"


@pytest.fixture
def admin(app, other_phone):
    """A third phone, signed in as the admin (the night's maker and a table are `client` and `other_phone`)."""
    app.config["ADMIN_PASSWORD"] = PASSWORD
    phone = app.test_client()
    assert phone.post("/admin", data={"password": PASSWORD}).status_code == 303
    return phone


def stored(app, sql: str, *params):
    """Rows of the store, as tuples."""
    with reading(app) as db:
        return [tuple(row.values()) for row in db.query(sql, list(params))]


def test_the_admin_lists_every_night_and_deletes_one_keeping_its_games(app, client, other_phone, admin):
    url = make_event(client, name="Thursday club")
    other = make_event(other_phone, name="Friday club", day="2026-11-27")
    game = play(client, url, pick.game())
    listed = admin.get("/admin/events", headers=EN)
    assert listed.status_code == 200 and listed.headers["Cache-Control"] == "no-store"
    said = text(listed)
    assert said.index("Friday club") < said.index("Thursday club")  # latest first, made on any phone
    assert "1 game" in said and "0 games" in said
    night = url.rsplit("/", 1)[-1]
    ask = admin.get(f"/events/{night}/delete", headers=EN)
    assert ask.status_code == 200 and "Its games are kept" in text(ask)
    gone = admin.post(f"/events/{night}/delete")
    assert gone.status_code == 303 and gone.headers["Location"] == "/admin/events"
    assert client.get(url).status_code == 404
    after = text(admin.get("/admin/events"))
    assert "Thursday club" not in after and "Friday club" in after
    kept = stored(app, "select event_id, event_table from games where id = ?", game.rsplit("/", 1)[-1])
    assert kept == [(None, None)]  # the game stays, as a game of no night
    page = client.get(game, headers=EN)
    assert page.status_code == 200 and 'id="game-event"' not in page.get_data(as_text=True)
    assert other_phone.get(other).status_code == 200


def test_only_the_admin_lists_or_deletes_a_night(app, client, other_phone, admin):
    url = make_event(client)
    night = url.rsplit("/", 1)[-1]
    for phone in (client, other_phone):  # its maker is no admin
        assert phone.get("/admin/events", headers=EN).status_code == 403
        assert phone.get(f"/events/{night}/delete").status_code == 403
        refused = phone.post(f"/events/{night}/delete", headers=EN)
        assert refused.status_code == 403 and "Only the admin" in text(refused)
    cross = admin.post(f"/events/{night}/delete", headers={"Sec-Fetch-Site": "cross-site"})
    assert cross.status_code == 403
    assert client.get(url).status_code == 200  # still there
    assert admin.post("/events/nope/delete").status_code == 404


def test_without_an_admin_password_there_is_no_list(client):
    assert client.get("/admin/events").status_code == 404
