"""Two phones in real browsers: one keeps the score, the other opened the watch link and follows the game
without reloading; the score link hands scoring to another phone until it is replaced."""

import re
import time

import pytest
from playwright.sync_api import Page, expect

from scorekeeper import store
from scorekeeper.db import connect

from .helpers import press, tap, totals

pytestmark = pytest.mark.browser


def start(page: Page, base: str, players, hands: str) -> str:
    """Start a Tout ou rien game from its setup form; return the game's URL."""
    page.goto(f"{base}/new/tout-ou-rien")
    for seat, name in enumerate(players):
        page.locator(f"#player-{seat}").fill(name)
    page.locator("#opt-hands").fill(hands)
    page.locator("#setup-form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/games/[^/?#]+$"))
    return page.url


def enter_round(page: Page, number: int, bids, tricks) -> None:
    """Tap a whole round in, every bid secret (so entered with the tricks), and wait until the scorer's own
    board shows it."""
    for seat in range(len(bids)):
        tap(page, f"open.{seat}", "secret")
    press(page, "#round-entry button[type=submit]")
    expect(page.locator("#round-entry input[name=step]")).to_have_value("tricks")
    for seat, bid in enumerate(bids):
        tap(page, f"bids.{seat}", bid)
    for seat, took in enumerate(tricks):
        tap(page, f"tricks.{seat}", took)
    press(page, "#round-entry button[type=submit]")
    expect(page.locator(f"#scoreboard #round-{number}")).to_be_attached()


@pytest.fixture
def phones(browser, browser_context_args):
    """Two phones with their own cookies: the scorer's and a watcher's."""
    contexts = [browser.new_context(**browser_context_args) for _ in range(2)]
    yield [c.new_page() for c in contexts]
    for c in contexts:
        c.close()


def test_a_watcher_sees_the_round_appear_without_reloading(app, live_server, phones):
    scorer, watcher = phones
    poll = app.config["POLL_SECONDS"]
    url = start(scorer, live_server, ["Anne", "Julien", "Sylvie"], "3 2 1")
    watch = scorer.locator("#watch-link")
    assert watch.get_attribute("href") == url and watch.inner_text().replace("\n", "") == url
    watcher.goto(watch.get_attribute("href"))
    expect(watcher.locator("#round-entry")).to_have_count(0)
    expect(watcher.locator("#score-link")).to_have_count(0)
    watcher.evaluate("window.notReloaded = true")

    enter_round(scorer, 1, [1, 2, 0], [1, 2, 0])
    saved = time.monotonic()
    expect(watcher.locator("#scoreboard #round-1")).to_be_attached(timeout=(poll + 2) * 1000)
    assert time.monotonic() - saved <= poll + 1.5  # one polling interval, and the request itself
    assert totals(watcher) == totals(scorer) == [4, 5, 3]  # secret bids made: bid + 3
    expect(watcher.locator("#round-form .deal")).to_have_text(scorer.locator("#round-form .deal").inner_text())
    assert "Julien" in watcher.locator("#round-form .deal").inner_text()  # the next deal is his
    assert watcher.evaluate("window.notReloaded") is True


def correct(app, url: str, round_: dict) -> None:
    """Correct round 1 as the scoring phone would (straight into the store: the watcher cannot tell)."""
    db = connect(app.config["DATABASE"])
    try:
        game_id = url.rsplit("/", 1)[1]
        was = store.load(db, game_id).game.rounds[0]
        store.replace_round(db, game_id, 1, was, {**was, **round_})
    finally:
        db.conn.close()


def visibility(page: Page, state: str) -> None:
    """Hide or show the page as a phone does when its screen goes off or another app comes up."""
    page.evaluate(
        "state => { Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => state});"
        " document.dispatchEvent(new Event('visibilitychange')); }",
        state,
    )


def test_a_finished_game_is_followed_but_not_while_the_page_is_hidden(app, live_server, phones):
    scorer, watcher = phones
    poll = app.config["POLL_SECONDS"]
    url = start(scorer, live_server, ["Anne", "Julien", "Sylvie"], "1")
    enter_round(scorer, 1, [0, 0, 1], [0, 0, 1])
    watcher.goto(url)
    expect(watcher.locator("#winners")).to_contain_text("Sylvie")
    expect(watcher.locator("#poll")).to_have_attribute("data-following", "asking")

    correct(app, url, {"bids": [1, 0, 0], "tricks": [1, 0, 0]})  # after the end: Anne wins instead
    corrected = time.monotonic()
    expect(watcher.locator("#winners")).to_contain_text("Anne", timeout=(poll + 2) * 1000)
    assert time.monotonic() - corrected <= poll  # within one polling interval (it came at once)

    polls = []
    visibility(watcher, "hidden")
    expect(watcher.locator("#poll")).to_have_attribute("data-following", "paused")
    watcher.on("request", lambda r: polls.append(r.url) if "/poll" in r.url else None)
    correct(app, url, {"bids": [0, 1, 0], "tricks": [0, 1, 0]})  # Julien, while nobody looks
    expect(watcher.locator("#winners")).to_contain_text("Anne")
    assert polls == [] and not watcher.locator("#net-lost").count()  # hidden: no asking, no "connection lost"
    visibility(watcher, "visible")
    expect(watcher.locator("#winners")).to_contain_text("Julien", timeout=(poll + 2) * 1000)
    assert len(polls) >= 1


def test_the_score_link_hands_scoring_over_until_it_is_replaced(live_server, phones):
    scorer, helper = phones
    url = start(scorer, live_server, ["Anne", "Julien", "Sylvie"], "3 2 1")
    scorer.locator("#share summary").click()
    link = scorer.locator("#score-link").get_attribute("href")
    expect(scorer.locator("#share img.qr")).to_have_count(2)
    helper.goto(link)
    assert helper.url == url  # the token does not stay in the address bar
    expect(helper.locator("#round-entry")).to_be_visible()
    enter_round(helper, 1, [1, 2, 0], [1, 2, 0])

    scorer.reload()
    scorer.locator("#share summary").click()
    scorer.once("dialog", lambda dialog: dialog.accept())
    scorer.locator("#share form button").click()
    expect(scorer.locator("#share .notice")).to_be_visible()
    assert scorer.locator("#score-link").get_attribute("href") != link

    helper.reload()
    expect(helper.locator("#round-entry")).to_have_count(0)
    helper.goto(link)
    expect(helper.locator("#error")).to_be_visible()
