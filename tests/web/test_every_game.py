"""What every game does alike, run for every registered game from its sample (tests/samples/): undo,
correction, a double tap, a stale page, a watching phone, import and export. A game's own tests keep
only what is its own."""

from __future__ import annotations

import pytest

from scorekeeper import registry
from tests.markup import parse
from tests.samples import HX, all_fields, enter, expected, first, normalised, post_round, sample, start

from .helpers import text, totals, undo, undo_was, version_of

pytestmark = pytest.mark.two_engines  # each test runs on SQLite and on PostgreSQL

EN = {"Accept-Language": "en"}
GAMES = [pytest.param(bundle.id, id=bundle.id) for bundle in registry.GAMES]


def exported(client, url: str) -> dict:
    """The game file the game page exports."""
    return client.get(f"{url}/export.json").get_json()


def same_game(client, url: str, document: dict) -> None:
    """The stored game is `document`'s: the same rounds, recorded alike, and the same result."""
    found = exported(client, url)
    assert found["rounds"] == normalised(document)
    assert found["result"] == expected(document)


@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
@pytest.mark.parametrize("rules_id", GAMES)
def test_undo_takes_back_the_last_round_only(client, rules_id, headers):
    game = sample(rules_id).GAME
    url = enter(client, first(game, 2))
    was = undo_was(client, url)  # the undo button carries the round it takes back
    response = undo(client, url, 2, {**EN, **headers}, was=was)
    assert response.status_code == (200 if headers else 303)
    if headers:
        assert "Round 2 was undone." in text(response)
    same_game(client, url, first(game, 1))
    again = undo(client, url, 2, EN, was=was)
    assert again.status_code == 409  # round 2 is gone: a second tap changes nothing
    same_game(client, url, first(game, 1))
    assert undo(client, url, 1).status_code == 303
    assert exported(client, url)["rounds"] == []


@pytest.mark.parametrize("rules_id", GAMES)
def test_a_correction_replaces_a_round_and_everything_follows(client, rules_id):
    """The form reader reads a whole round at once too (step "all"), as the correction page posts it."""
    module = sample(rules_id)
    url = enter(client, first(module.GAME, 1))
    edit = client.get(f"{url}/rounds/1/edit")
    assert edit.status_code == 200
    shown = parse(edit.get_data()).value("was")  # the correction form carries the round it shows
    fields = all_fields(module.posts(module.OTHER_FIRST, module.GAME))
    response = client.post(f"{url}/rounds/1", data={**fields, "was": shown})
    assert response.status_code == 303, response.get_data(as_text=True)
    corrected = {**module.GAME, "rounds": [module.OTHER_FIRST]}
    same_game(client, url, corrected)
    assert totals(client.get(url)) == totals(client.get(enter(client, corrected)))


@pytest.mark.parametrize("rules_id", GAMES)
def test_a_double_tap_records_the_round_once(client, rules_id):
    module = sample(rules_id)
    url = enter(client, first(module.GAME, 1))
    step, fields = module.posts(module.GAME["rounds"][0], module.GAME)[-1]
    for headers in ({}, HX):
        again = post_round(client, url, 1, step, fields, {**EN, **headers})
        assert again.status_code == 200
        assert "Round 1 was already saved: it is recorded once." in text(again)
    same_game(client, url, first(module.GAME, 1))


@pytest.mark.parametrize("rules_id", GAMES)
def test_a_stale_page_sending_another_round_is_told_and_records_nothing(client, rules_id):
    module = sample(rules_id)
    url = enter(client, first(module.GAME, 1))
    step, fields = module.posts(module.OTHER_FIRST, module.GAME)[-1]
    response = post_round(client, url, 1, step, fields, EN)
    assert response.status_code == 409
    assert totals(response) == totals(client.get(url))
    same_game(client, url, first(module.GAME, 1))


@pytest.mark.parametrize("rules_id", GAMES)
def test_a_watching_phone_follows_the_game_and_changes_nothing(app, client, other_phone, rules_id):
    module = sample(rules_id)
    url = start(client, module.GAME)
    page = other_phone.get(url, headers=EN)
    assert page.status_code == 200
    assert "You are watching: the board follows the game by itself." in text(page)
    assert 'name="number"' not in page.get_data(as_text=True)
    polls = [said for found in parse(page.get_data()).all() for said in found.attrs.values() if "poll?version=" in said]
    assert polls, "a watching phone polls for news"
    version = version_of(polls[0])
    for step, fields in module.posts(module.GAME["rounds"][0], module.GAME):
        assert post_round(other_phone, url, 1, step, fields, EN).status_code == 403
    assert exported(client, url)["rounds"] == []
    enter(client, first(module.GAME, 1), url=url)
    news = other_phone.get(f"{url}/poll?version={version}", headers={**HX, **EN})
    assert news.status_code == 200 and 'id="round-1"' in news.get_data(as_text=True)
    assert totals(news) == totals(client.get(url))


@pytest.mark.parametrize("rules_id", GAMES)
def test_an_imported_game_exports_as_it_came_and_imports_again(client, rules_id):
    game = sample(rules_id).GAME
    response = client.post("/games/import", json=game)
    assert response.status_code == 303
    url = response.headers["Location"]
    assert exported(client, url)["rounds"] == game["rounds"]  # as entered: the result is derived, not stored
    assert exported(client, url)["result"] == expected(game)
    assert totals(client.get(url)) == totals(client.get(enter(client, game)))  # as if typed in
    again = client.post("/games/import", json=exported(client, url))  # its own export, result and all
    assert again.status_code == 303
    assert exported(client, again.headers["Location"])["result"] == expected(game)


@pytest.mark.parametrize("rules_id", GAMES)
def test_a_bad_import_says_what_and_stores_nothing(client, rules_id):
    game = sample(rules_id).GAME
    response = client.post("/games/import", json={**game, "rounds": [*game["rounds"], {"nonsense": 1}]}, headers=EN)
    assert response.status_code == 422
    assert f"round {len(game['rounds']) + 1}" in text(response).lower()  # named once, by the message or before it
    assert "No games yet" in text(client.get("/", headers=EN))
