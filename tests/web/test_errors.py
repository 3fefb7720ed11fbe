"""Refusals read as messages: a page without htmx, a notice in place with htmx; never a traceback."""

from tests import pick
from tests.samples import all_fields, enter, first, sample, start

from .helpers import HX, post_round

GAME = sample(pick.game()).GAME  # any game: its sample's table and rounds


def test_a_watcher_saving_with_htmx_gets_a_notice_not_a_page(client, other_phone):
    url = start(client, GAME)
    other_phone.get(url)  # opened from the watch link
    step, fields = pick.posts(GAME, 1)[0]
    response = post_round(other_phone, url, 1, step, fields, {**HX, "Accept-Language": "en"})
    assert response.status_code == 403
    assert response.headers["HX-Retarget"] == "#flash"
    html = response.get_data(as_text=True)
    assert "<html" not in html and "watch this game, not change it" in html
    plain = post_round(other_phone, url, 1, step, fields, {"Accept-Language": "en"})
    assert plain.status_code == 403 and "<html" in plain.get_data(as_text=True)


def test_crash_shows_a_plain_message(new_app):
    app, client = new_app, new_app.test_client()
    app.config["PROPAGATE_EXCEPTIONS"] = False  # as in production: the handler answers, the log keeps the details

    @app.get("/boom")
    def boom():
        raise RuntimeError("kaboom")

    response = client.get("/boom", headers={"Accept-Language": "en"})
    assert response.status_code == 500
    body = response.get_data(as_text=True)
    assert "nothing was changed" in body and "kaboom" not in body and "Traceback" not in body


def test_oversized_upload_is_refused_clearly(client):
    response = client.post(
        "/games/import",
        data="x" * (2 * 1024 * 1024),
        content_type="application/json",
        headers={"Accept-Language": "en"},
    )
    assert response.status_code == 413 and "too large" in response.get_data(as_text=True)


def test_a_watcher_of_a_deleted_game_is_told_and_stops_polling(client, other_phone):
    url = start(client, GAME)
    other_phone.get(url)
    assert client.post(f"{url}/delete").status_code == 303
    response = other_phone.get(f"{url}/poll?version=1", headers={**HX, "Accept-Language": "en"})
    assert response.status_code == 286  # htmx stops polling on 286
    assert "This game has been deleted." in response.get_data(as_text=True)
    assert other_phone.get(f"{url}/poll?version=1").status_code == 404


def test_a_correction_without_what_the_page_showed_is_a_bad_request(client):
    url = enter(client, first(GAME, 1))
    fields = all_fields(pick.posts(GAME, 2))  # another round's taps, as the correction form sends them
    for was in (None, "[]", "{broken"):
        data = fields if was is None else {**fields, "was": was}
        assert client.post(f"{url}/rounds/1", data=data).status_code == 400
