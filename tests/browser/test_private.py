"""On a shared phone, with the service worker installed: a game page is kept for offline use, but the pages
that list this phone's games (home, history, a player's record) are kept by neither the worker, offline.js
nor htmx's history, so they do not open offline afterwards."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests import pick

from .helpers import open_game
from .test_offline import until

pytestmark = pytest.mark.browser
GAME = pick.game(pick.players(3))  # any game three can play

KEPT = """() => caches.open('scorekeeper-pages-v1').then(c => c.keys())
              .then(keys => keys.map(r => new URL(r.url).pathname + new URL(r.url).search))"""


# The next htmx swap's end (htmx:afterSettle), awaited as window.settled: heard after offline.js's own listener.
SETTLED = "() => { window.settled = new Promise(done => addEventListener('htmx:afterSettle', done, {once: true})); }"


def asked_by_offline_js(path: str):
    """Whether a response is to offline.js's own fetch of `path`, the copy it may keep (htmx's says HX-Request)."""
    return lambda response: response.url.endswith(path) and response.request.header_value("HX-Request") is None


def test_only_game_pages_are_kept_on_the_phone(clocked, live_server):
    page = clocked(service_workers="allow")
    context = page.context
    url = open_game(page, live_server, GAME, ["Anne", "Julien", "Sylvie"])
    game = url.removeprefix(live_server)
    until(page, "() => !!navigator.serviceWorker.controller")
    page.reload()  # through the worker now
    until(page, f"() => ({KEPT})().then(kept => kept.includes('{game}'))")  # kept, as before
    for path in ("/", "/history", "/players/Anne"):
        page.goto(live_server + path)
        expect(page.locator("main")).to_be_visible()
    page.goto(live_server + "/history")
    page.evaluate(SETTLED)
    with page.expect_response(asked_by_offline_js(f"/history?game={GAME}&player=")):  # 800 ms after the swap
        page.locator("#history-filters select[name=game]").select_option(GAME)  # htmx, pushed to history
        page.evaluate("window.settled.then(() => true)")  # offline.js's turn at the swap is over: its 800 ms wait began
        page.clock.fast_forward(800)  # and is over at once: the clock moved on
    kept = page.evaluate(KEPT)
    assert game in kept
    assert not [path for path in kept if not path.startswith("/games/")], kept
    assert page.evaluate("() => localStorage.getItem('htmx-history-cache')") in (None, "[]")
    context.set_offline(True)
    page.goto(url)
    expect(page.locator("#offline-copy")).to_be_attached()  # the game page opens offline, as before
    with pytest.raises(Exception, match=r"ERR_INTERNET_DISCONNECTED|ERR_FAILED"):
        page.goto(live_server + "/history")
