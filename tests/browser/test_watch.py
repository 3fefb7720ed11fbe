"""Two phones in real browsers: one keeps the score, the other opened the watch link and follows the game
without reloading; the score link hands scoring to another phone until it is replaced. Watching is the same pages
and script for every game: any game's, its round tapped in as its sample taps it (TAPS), its corrections the
sample's other first round and back, what the watcher must show read from the rules."""

import time

import pytest
from playwright.sync_api import Page, expect

from scorekeeper import store
from scorekeeper.db import connect
from tests import pick
from tests.samples import expected, normalised, sample

from .helpers import import_game, open_game, set_fields, submit_step, totals
from .touch import press

pytestmark = pytest.mark.browser


GAME = pick.game()
TAPS = sample(GAME).TAPS


def start(page: Page, base: str) -> str:
    """A game of the sample's table, started on this phone; its URL."""
    return open_game(page, base, GAME, TAPS.players, options=TAPS.options)


def enter_round(page: Page) -> None:
    """Tap round 1 in as the sample taps it, step by step, and wait until the scorer's own board shows it."""
    for k, fields in enumerate(TAPS.steps, start=1):
        set_fields(page, fields)
        before = page.locator("#round-entry input[name=step]").input_value()
        submit_step(page, number=1 if k == len(TAPS.steps) else None)
        if k < len(TAPS.steps):
            expect(page.locator("#round-entry input[name=step]")).not_to_have_value(before)


@pytest.fixture
def phones(page, second_phone):
    """Two phones with their own cookies: the scorer's and a watcher's."""
    return [page, second_phone]


def test_a_watcher_sees_the_round_appear_without_reloading(app, live_server, phones):
    scorer, watcher = phones
    poll = app.config["POLL_SECONDS"]
    url = start(scorer, live_server)
    watch = scorer.locator("#watch-link")
    assert watch.get_attribute("href") == url and watch.inner_text().replace("\n", "") == url
    watcher.goto(watch.get_attribute("href"))
    expect(watcher.locator("#round-entry")).to_have_count(0)
    expect(watcher.locator("#score-link")).to_have_count(0)
    watcher.evaluate("window.notReloaded = true")
    first_deal = watcher.locator("#round-form .deal").inner_text()

    enter_round(scorer)
    saved = time.monotonic()
    expect(watcher.locator("#scoreboard #round-1")).to_be_attached(timeout=(poll + 2) * 1000)
    assert time.monotonic() - saved <= poll + 1.5  # one polling interval, and the request itself
    assert totals(watcher) == totals(scorer) == TAPS.totals  # what the rules make of the round
    expect(watcher.locator("#round-form .deal")).to_have_text(scorer.locator("#round-form .deal").inner_text())
    assert watcher.locator("#round-form .deal").inner_text() != first_deal  # the next deal, not the first one
    assert watcher.evaluate("window.notReloaded") is True


def correct(app, url: str, document: dict) -> None:
    """Correct round 1 to the one `document` holds, as the scoring phone would (straight into the store: the
    watcher cannot tell)."""
    db = connect(app.config["DATABASE"])
    try:
        game_id = url.rsplit("/", 1)[1]
        was = store.load(db, game_id).game.rounds[0]
        store.replace_round(db, game_id, 1, was, normalised(document)[0])
    finally:
        db.conn.close()


# whether the board's totals row is `want`, read as helpers.totals reads it (a true minus, spaces in thousands)
TOTALS_ARE = r"""want => {
  const shown = [...document.querySelectorAll("#scoreboard tfoot td")]
    .map(td => parseInt(td.textContent.replace(/\s/g, "").replace("\u2212", "-"), 10));
  return shown.length === want.length && shown.every((v, k) => v === want[k]);
}"""


def shows(page: Page, document: dict, timeout: float = 5000) -> None:
    """Wait until the board shows what the rules make of `document`: its totals, and its winners."""
    result = expected(document)
    page.wait_for_function(TOTALS_ARE, arg=result["totals"], timeout=timeout, polling=100)
    for winner in result["winners"]:
        expect(page.locator("#winners")).to_contain_text(winner)


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
    finished = sample(GAME).GAME  # the sample's game, played to the end; round 1 corrected to another and back
    corrected = {**finished, "rounds": [sample(GAME).OTHER_FIRST, *finished["rounds"][1:]]}
    assert expected(corrected)["totals"] != expected(finished)["totals"], "the correction changes nothing"
    url = import_game(scorer, live_server, finished)
    watcher.goto(url)
    shows(watcher, finished)
    expect(watcher.locator("#poll")).to_have_attribute("data-following", "asking")

    correct(app, url, corrected)  # after the end
    when = time.monotonic()
    shows(watcher, corrected, timeout=(poll + 2) * 1000)
    assert time.monotonic() - when <= poll  # within one polling interval (it came at once)

    polls: list[str] = []
    visibility(watcher, "hidden")
    expect(watcher.locator("#poll")).to_have_attribute("data-following", "paused")
    watcher.on("request", lambda r: polls.append(r.url) if "/poll" in r.url else None)
    correct(app, url, finished)  # back, while nobody looks
    assert totals(watcher) == expected(corrected)["totals"]
    assert polls == [] and not watcher.locator("#net-lost").count()  # hidden: no asking, no "connection lost"
    visibility(watcher, "visible")
    shows(watcher, finished, timeout=(poll + 2) * 1000)
    assert len(polls) >= 1


def test_the_score_link_hands_scoring_over_until_it_is_replaced(live_server, phones):
    scorer, helper = phones
    url = start(scorer, live_server)
    press(scorer, "#share summary")
    link = scorer.locator("#score-link").get_attribute("href")
    expect(scorer.locator("#share img.qr")).to_have_count(2)
    helper.goto(link)
    assert helper.url == url  # the token does not stay in the address bar
    expect(helper.locator("#round-entry")).to_be_visible()
    enter_round(helper)

    scorer.reload()
    press(scorer, "#share summary")
    scorer.once("dialog", lambda dialog: dialog.accept())
    scorer.locator("#share form button").click()
    expect(scorer.locator("#share .notice")).to_be_visible()
    assert scorer.locator("#score-link").get_attribute("href") != link

    helper.reload()
    expect(helper.locator("#round-entry")).to_have_count(0)
    helper.goto(link)
    expect(helper.locator("#error")).to_be_visible()
