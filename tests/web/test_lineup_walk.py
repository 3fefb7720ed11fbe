"""A table that changes as it plays, on the web (issue 35): a latecomer joins, someone sits out, someone leaves
(tests/lineup_walk.py), entered without JavaScript and with htmx, and followed by the other phones at the table
without a reload."""

from __future__ import annotations

import threading
from urllib.parse import urlsplit

import pytest

from scorekeeper import guard
from tests import lineup_walk
from tests.markup import parse
from tests.samples import normalised

from .helpers import HX, links, new_game, post_round, stored, until

EN = {"Accept-Language": "en"}


@pytest.fixture
def walked() -> dict:
    """The game file of the first game (by id) that walks a changing table."""
    return lineup_walk.walk(lineup_walk.walked()[0])


def read(html: str | bytes) -> dict[str, str]:
    """What a phone reads in the blocks of the game page that change: the round form and the board."""
    found = parse(html)
    return {block: found.first(id=block).text() for block in ("round-form", "scoreboard") if found.all(id=block)}


def make_change(client, url: str, change: dict, names: list[str], headers=None):
    """Post a change from the lineup page as it offers it, each form a plain post: the response."""
    page = parse(client.get(f"{url}/lineup", headers=EN).get_data())
    version = page.first("input", name="version").attrs["value"]
    data: dict[str, str | list[str]] = {"version": version}
    if "join" in change:
        data |= {"kind": "join", "name": names[change["join"]], "after": str(change["after"])}  # the start offered
        data |= {f.attrs["name"]: f.attrs.get("value", "") for f in page.first(id="join").all("input", name="start")}
    elif "sit_out" in change:
        data |= {"kind": "sit_out", "sit_out": [str(p) for p in change["sit_out"]]}
    elif "leave" in change:
        data |= {"kind": "leave", "player": str(change["leave"])}
    return client.post(f"{url}/lineup", data=data, headers=headers or {})


def the_same_with_htmx(client, url: str) -> str:
    """The game page, checked to read as the blocks htmx asks for read (a block must not lean on anything set
    outside it); its HTML."""
    whole = client.get(url, headers=EN).get_data(as_text=True)
    blocks = client.get(url, headers={**HX, **EN}).get_data(as_text=True)
    assert "<html" not in blocks and read(blocks) == read(whole)
    return whole


def test_a_table_that_changes_as_it_plays_is_scored_alike_with_and_without_htmx(client, walked):
    """Every change is a plain post (the lineup page's forms need no script); the rounds are entered in turn
    without JavaScript and with htmx, whose answers and blocks must read as the whole page does."""
    names, rounds = walked["players"], len(walked["rounds"])
    url = new_game(client, walked["rules"], lineup_walk.setup(walked))
    for number in range(1, rounds + 1):
        headers = HX if number % 2 == 0 else {}
        for change in lineup_walk.changes_before(walked, number):
            response = make_change(client, url, change, names, headers)
            assert response.status_code == 303, response.get_data(as_text=True)
        page = the_same_with_htmx(client, url)
        players = lineup_walk.playing(walked, number)
        offered = parse(page).first(id="round-entry").text()
        assert [name for p, name in enumerate(names) if name in offered] == [names[p] for p in players], number
        for step, fields in lineup_walk.round_posts(walked, number):
            response = post_round(client, url, number, step, fields, {**headers, **EN})
            said = response.get_data(as_text=True)
            if headers:
                assert response.status_code == 200 and "<html" not in said, said
            else:
                assert response.status_code == 303, said
    exported = client.get(f"{url}/export.json").get_json()
    assert exported["rounds"] == normalised(walked) and exported["players"] == names
    assert [{k: v for k, v in c.items() if k != "start"} for c in exported["changes"]] == walked["changes"]
    board = parse(the_same_with_htmx(client, url)).first(id="scoreboard")
    said = " ".join(row.text() for row in board.all("tr", class_="change"))
    assert f"{names[4]} joins" in said and f"Sitting out: {names[1]}" in said and f"{names[2]} leaves" in said
    for number, player in ((1, 4), (3, 1), (4, 2)):  # not yet come, sitting out, gone: "—" in their cell
        cells = board.first("tr", id=f"round-{number}").all("td")
        assert cells[-len(names) + player].text().endswith("—"), (number, player)


def followed(app, url: str, phones: list, act) -> dict[bool, str]:
    """`act()` done while a long poll from each phone waits for the game's next news (at most 30 s): the news
    each got (every poll answered 200: a 204 had the change not woken it), by whether it carries the round form."""
    game_id, seen = url.rsplit("/", 1)[1], stored(app, url).version
    answers: list = []
    threads = [
        threading.Thread(
            target=lambda p=phone: answers.append(p.get(f"{url}/poll?version={seen}&wait=30", headers={**HX, **EN}))
        )
        for phone in phones
    ]
    for thread in threads:
        thread.start()
    until(lambda: guard.WAITING.by_game[game_id] >= len(phones))
    assert act().status_code == 303
    for thread in threads:
        thread.join(35)
    assert sorted(a.status_code for a in answers) == [200] * len(phones)
    return {bool(parse(a.get_data()).all(id="round-entry")): a.get_data(as_text=True) for a in answers}


def said(html: str) -> str:
    """What the board a phone got says of the table's changes."""
    return " ".join(row.text() for row in parse(html).first(id="scoreboard").all("tr", class_="change"))


def test_each_change_reaches_the_phones_following_the_game_without_a_reload(app, client, other_phone, walked):
    """The other phone that scores the table (its score link) and a watching phone are both waiting for news
    when a change is made, then corrected, then undone: each answer is the new board (and, for the scoring
    phone, the next round's form, with a place for those who play it alone)."""
    names = walked["players"]
    url = new_game(client, walked["rules"], lineup_walk.setup(walked))
    other_phone.get(urlsplit(links(client, url)["score-link"]).path)
    watcher = app.test_client()
    watcher.get(url)
    phones = [other_phone, watcher]
    for step, fields in lineup_walk.round_posts(walked, 1):
        post_round(client, url, 1, step, fields)
    news = followed(app, url, phones, lambda: make_change(client, url, {"sit_out": [1]}, names))
    assert all(f"Sitting out: {names[1]}." in said(html) for html in news.values())
    offered = parse(news[True]).first(id="round-entry").text()
    assert names[1] not in offered and names[0] in offered

    was = parse(client.get(f"{url}/lineup/1").get_data()).first("input", name="was").attrs["value"]
    news = followed(app, url, phones, lambda: client.post(f"{url}/lineup/1", data={"was": was, "sit_out": "0"}))
    assert all(f"Sitting out: {names[0]}." in said(html) for html in news.values())
    offered = parse(news[True]).first(id="round-entry").text()
    assert names[0] not in offered and names[1] in offered

    was = parse(client.get(f"{url}/lineup").get_data()).first("input", name="was").attrs["value"]
    news = followed(app, url, phones, lambda: client.post(f"{url}/lineup/undo", data={"was": was}))
    assert all("Sitting out" not in said(html) for html in news.values())
    assert names[0] in parse(news[True]).first(id="round-entry").text()
