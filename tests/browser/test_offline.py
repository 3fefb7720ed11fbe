"""Bad Wi-Fi at the table, on a 390x844 phone: a save made offline says so beside its button and goes by itself
when the connection returns; a save whose answer is lost is stored once; taps made while a slow save is on its
way are not lost behind the screen's back; a reload in the middle of a round finds its taps. Every test reads the
exported game file: each round stored exactly once, with what was tapped.

Offline saves are one building block (static/offline.js) for every game: what changes from game to game is the
round's shape, one save or the bids saved before the tricks (a step's taps kept and sent again, the answer to a
step the server already has), and whether a script of the game's own also acts on the form (offline.js holds
its taps too while a save is out). So these tests play one game of each shape, one with a script of its own
where a shape has one (drawn.one_of_each_shape), rather than every game: a game adds no run here."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import pytest
from playwright.sync_api import Page, Route, expect

from tests import pick
from tests.samples import sample, setup_fields

from .drawn import one_of_each_shape
from .helpers import arrived, first_retry_due, open_game, press, set_fields, shows, tap_at_once

pytestmark = pytest.mark.browser

ROUNDS = re.compile(r".*/games/[^/]+/rounds$")


@dataclass
class Step:
    """One step of a round's form: what the player taps, and how to see those taps are on the form."""

    taps: Callable[[Page], None]
    shown: Callable[[Page], None]
    change: Callable[[Page], None]  # one more tap that would change what this step sends


@dataclass
class Case:
    """A game's main round, step by step, and the round the game file must then hold."""

    rules: str
    players: list[str]
    steps: list[Step]
    stored: dict
    options: dict

    def __str__(self) -> str:
        return self.rules


def case_of(rules_id: str) -> Case:
    """A game's main round as its sample taps it in (TAPS)."""
    taps = sample(rules_id).TAPS
    steps = [
        Step(
            partial(set_fields, fields=fields),
            partial(shows, fields=fields),
            partial(tap_at_once, name=change[0], value=change[1]),
        )
        for fields, change in zip(taps.steps, taps.changes, strict=True)
    ]
    return Case(rules_id, taps.players, steps, taps.stored, taps.options)


CASES = [case_of(rules_id) for rules_id in one_of_each_shape(pick.own_script)]


def start(page: Page, base: str, case: Case) -> str:
    return open_game(page, base, case.rules, case.players, dealer=0, options=case.options)


def stored_rounds(page: Page, url: str) -> list[dict]:
    """The rounds of the game file the server exports."""
    return page.request.get(url + "/export.json").json()["rounds"]


def save(page: Page) -> None:
    press(page, "#round-entry button[type=submit]")


def step_of(page: Page) -> str:
    return page.locator("#round-entry input[name=step]").input_value()


def done(page: Page, case: Case, k: int) -> None:
    """Wait for what the server shows once step `k` is in: the next step, or the round on the board."""
    if k == len(case.steps) - 1:
        expect(page.locator("#scoreboard #round-1")).to_be_attached()
    else:
        expect(page.locator("#round-entry input[name=step]")).not_to_have_value(re.compile("^bids$"))


def status(page: Page):
    return page.locator("#round-entry .send-status")


# Ask CONDITION (a script's function, which may await; written in) every 25 ms for up to `timeout` ms, in the page,
# in one call (wait_for_function takes a promise for true): asked from Python, each ask was two round trips.
ASK_UNTIL = """async timeout => {
  const end = performance.now() + timeout, holds = CONDITION;
  while (!(await holds())) {
    if (performance.now() > end) return false;
    await new Promise(done => setTimeout(done, 25));
  }
  return true;
}"""


def until(page: Page, condition, timeout: float = 5000) -> None:
    """Wait for a condition the page cannot express as a locator: a script that awaits, asked in the page
    (ASK_UNTIL), or a Python one (what a route saw), asked from here."""
    if isinstance(condition, str):
        if page.evaluate(ASK_UNTIL.replace("CONDITION", condition), timeout):
            return
    else:
        for _ in range(int(timeout / 25)):
            if condition():
                return
            page.wait_for_timeout(25)
    raise AssertionError(f"still not true after {timeout / 1000} s: {condition}")


def record_status(page: Page) -> None:
    """Keep every text the send status shows: "not sent" lasts only until the first retry, half a second."""
    page.evaluate(
        """() => {
        window.said = [];
        new MutationObserver(() => {
          const out = document.querySelector('#round-entry .send-status');
          if (out && window.said[window.said.length - 1] !== out.textContent) window.said.push(out.textContent);
        }).observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
      }"""
    )


def was_said(page: Page, text: str) -> None:
    """Wait until the send status has shown `text`, however briefly (asked in the page, not from here every
    25 ms: a slow save's wait is a second or more)."""
    page.wait_for_function("text => window.said.some(t => t.includes(text))", arg=text, timeout=10_000, polling=50)


KEPT = "Object.keys(localStorage).filter(k => k.startsWith('scorekeeper:round:'))"  # rounds whose taps are kept


def kept(page: Page) -> list[str]:
    """The rounds this phone still keeps taps of."""
    return page.evaluate(KEPT)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_a_reload_keeps_the_taps_and_a_round_saved_offline_goes_when_the_connection_returns(
    page: Page, live_server, case: Case
):
    url = start(page, live_server, case)
    for k, step in enumerate(case.steps):
        step.taps(page)
        page.reload()  # the phone discarded the page, or the tab was closed and opened again
        step.shown(page)
        record_status(page)
        page.context.set_offline(True)
        save(page)
        # "Not sent: no connection...", shown until the first retry half a second later, then again between
        # retries: waited for as it is said, not looked for every so often (a loaded machine's look missed it)
        was_said(page, "Pas envoyé")
        shot(page, f"unsent-{case.rules}-{k}")
        step.shown(page)  # nothing tapped is gone
        page.context.set_offline(False)
        done(page, case, k)  # by itself: no further tap
        # saved: nothing left to restore (a step's taps kept would come back, pending, on "Change the bids")
        until(page, f"() => !{KEPT}.length", timeout=2000)
    assert stored_rounds(page, url) == [case.stored]


@pytest.mark.parametrize("case", CASES, ids=str)
def test_taps_wait_for_a_slow_save_and_a_lost_answer_stores_the_round_once(app, clocked, live_server, case: Case):
    page = clocked()  # its clock moved on past the waits before each retry (first_retry_due)
    app.config["SEND_TIMEOUT"] = 1  # the real htmx timeout (10 s at the table), shorter to keep the test fast
    url = start(page, live_server, case)
    held: list[Route] = []
    hold = [False]

    def answer(route: Route) -> None:
        if hold[0] and route.request.method == "POST":
            hold[0] = False
            held.append(route)  # no answer yet: the server has not even seen it
        else:
            route.continue_()

    page.route(ROUNDS, answer)
    record_status(page)
    for k, step in enumerate(case.steps):
        step.taps(page)
        page.evaluate("window.said = []")
        hold[0] = True
        save(page)
        form = page.locator("#round-entry")
        expect(form).to_have_attribute("aria-busy", "true")
        expect(status(page)).to_contain_text("Enregistrement")  # "Saving…"
        until(page, lambda: bool(held))
        step.change(page)  # a tap while the save is on its way waits: the screen never shows what is not sent
        step.shown(page)
        route = held.pop()
        if k < len(case.steps) - 1:  # the bids: no answer in time, the phone gives up on its own
            was_said(page, "Pas envoyé")
            route.fetch()  # the server got them all the same
        else:
            route.fetch()  # the server stores the round...
            route.abort()  # ...and its answer is lost on the way back
            was_said(page, "Pas envoyé")
        first_retry_due(page)
        done(page, case, k)  # sent again by itself, stored once
    assert stored_rounds(page, url) == [case.stored]
    expect(page.locator("#game-message")).to_contain_text("1")  # "Round 1 was already saved: it is recorded once."
    assert kept(page) == []


def shot(page: Page, name: str) -> None:
    """A screenshot to look at, when SCOREKEEPER_SHOTS names a folder."""
    if os.environ.get("SCOREKEEPER_SHOTS"):
        page.screenshot(path=os.path.join(os.environ["SCOREKEEPER_SHOTS"], name + ".png"))


WATCHED = pick.game()  # any game: a watching phone's news is the same for every game


def scored_elsewhere(client) -> str:
    """The sample's game of a game that another phone (`client`) scores; its path."""
    return client.post(f"/new/{WATCHED}", data=setup_fields(sample(WATCHED).GAME)).headers["Location"]


def score_round_1(client, url: str) -> None:
    """The other phone saves the sample's round 1, step by step."""
    game = sample(WATCHED).GAME
    for step, fields in sample(WATCHED).posts(game["rounds"][0], game):
        assert client.post(url + "/rounds", data={"number": "1", "step": step, **fields}).status_code == 303


def test_a_watcher_says_when_it_lost_the_server_and_catches_up_by_itself(page: Page, live_server, client):
    url = scored_elsewhere(client)
    page.goto(live_server + url)
    expect(page.locator("#poll")).to_be_attached()
    page.context.set_offline(True)
    lost = page.locator("#net-lost")
    expect(lost).to_contain_text(re.compile(r"Connexion perdue.* \d\d:\d\d"))  # "connection lost; last update 21:14"
    shot(page, "watch-lost")
    score_round_1(client, url)
    page.context.set_offline(False)
    expect(page.locator("#scoreboard #round-1")).to_be_attached()  # caught up by itself
    expect(lost).to_have_count(0)


def test_a_watcher_whose_ask_failed_says_at_once_that_it_is_back(clocked, live_server, client):
    """The round came in, then the phone's next ask for news failed: the notice says the connection was lost,
    and goes as soon as the server answers again, not at the end of a wait for news that may take 20 s."""
    page = clocked()
    url = scored_elsewhere(client)
    fail_next = [False]

    def answer(route: Route) -> None:
        if fail_next[0]:
            fail_next[0] = False
            route.abort("internetdisconnected")
        else:
            route.continue_()

    page.route(re.compile(r".*/poll\?.*"), answer)
    page.goto(live_server + url)
    expect(page.locator("#poll")).to_be_attached()
    fail_next[0] = True  # the ask after the round's news is lost
    score_round_1(client, url)
    expect(page.locator("#scoreboard #round-1")).to_be_attached()
    until(page, lambda: not fail_next[0])
    expect(page.locator("#net-lost")).to_contain_text("Connexion perdue")  # "connection lost", for a second
    page.clock.fast_forward(1000)  # the second follow.js waits after a failure (PAUSES), gone by at once
    expect(page.locator("#net-lost")).to_have_count(0, timeout=4000)  # then a quick ask: the server is back


def test_a_game_page_opened_before_opens_offline_with_its_last_board(clocked, live_server):
    page = clocked(service_workers="allow")
    context = page.context
    case = case_of(pick.game(pick.one_form))  # a round in one save, twice
    url = start(page, live_server, case)
    case.steps[0].taps(page)
    save(page)
    expect(page.locator("#scoreboard #round-1")).to_be_attached()
    # the phone keeps a copy of the page as it now stands (the worker and offline.js between them), offline.js
    # 800 ms after the new board settled (arrived): the clock moved on past that
    arrived(page)
    page.clock.fast_forward(800)
    until(
        page,
        """() => caches.open('scorekeeper-pages-v1').then(c => c.match(location.href, {ignoreVary: true}))
                .then(r => r ? r.text() : '').then(t => t.includes('id="round-1"'))""",
    )
    context.set_offline(True)
    page.reload()
    expect(page.locator("#offline-copy")).to_contain_text("Hors ligne")
    expect(page.locator("#scoreboard #round-1")).to_be_attached()
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "offline-board")
    case.steps[0].taps(page)
    save(page)
    expect(status(page)).to_contain_text("Pas envoyé")
    page.locator("#round-entry .send-status").scroll_into_view_if_needed()
    shot(page, "offline-unsent")
    context.set_offline(False)
    expect(page.locator("#scoreboard #round-2")).to_be_attached()
    expect(page.locator("#offline-copy")).to_have_count(0)
    assert stored_rounds(page, url) == [case.stored] * 2
