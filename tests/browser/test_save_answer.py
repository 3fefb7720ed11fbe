"""A round saved on a 390x844 phone (issue 40): the request leaves at the tap, the form locked only after it; the
answer brings the new row and what changed under the board rather than the whole board (the chart asked for just
after), and the board it leaves is the one the page draws afresh; the first frame painted after the answer already
shows the next form's top, the focus on its heading (not a frame at the old place, then a jump once htmx has
settled). The answer to a save is the same page blocks for every game; played once, on a game whose round has two
saves (the bids answered with the tricks' form, then the round's row), its sample's first two rounds."""

import pytest
from playwright.sync_api import Page, expect

from tests import pick
from tests.markup import parse
from tests.samples import first, sample

from .helpers import FILL, import_game, press, step, submit_step

pytestmark = pytest.mark.browser

GAME = pick.game(pick.bids_first, pick.lasting(3))  # two rounds saved, a form after them

# the board as a player meets it: htmx's and the page's own passing marks (a request on its way, a class
# left empty, the watch loop's state) are not part of it
BOARD = """() => {
  const board = document.getElementById("scoreboard").cloneNode(true);
  for (const e of [board, ...board.querySelectorAll("*")]) {
    e.classList.remove("htmx-request", "htmx-settling", "htmx-added", "htmx-swapping");
    for (const name of ["class", "style"]) if (e.getAttribute(name) === "") e.removeAttribute(name);
    e.removeAttribute("data-following");
  }
  return board.outerHTML;
}"""


def board(page: Page) -> tuple:
    """The board as a player meets it, read with the parser (the spaces between tags show nowhere)."""
    return parse(page.evaluate(BOARD)).first(id="scoreboard").tree(fold=True)


# where the next form is, and what has the focus, in the first frame drawn once round `number` is on the board
FIRST_FRAME = """(number) => { window.__frame = new Promise((resolve) => {
  const seen = new MutationObserver(() => {
    if (!document.querySelector(`#scoreboard #round-${number}`)) return;
    seen.disconnect();
    requestAnimationFrame(() => resolve({
      top: document.getElementById("round-form").getBoundingClientRect().top,
      focused: document.activeElement === document.querySelector("#round-form h2"),
    }));
  });
  seen.observe(document.body, { childList: true, subtree: true });
}); }"""


# whether the round form is locked (offline.js: taps wait while a save is on its way) as the save's request leaves,
# and just after: locked after, so that nothing stands between the tap and the request
LOCKED = """() => { window.__locked = [];
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (body) {
    const form = document.getElementById("round-entry");
    if (form && body) {
      window.__locked.push(form.getAttribute("aria-busy"));
      queueMicrotask(() => window.__locked.push(form.getAttribute("aria-busy")));
    }
    return send.call(this, body);
  };
}"""


def test_a_saved_round_leaves_the_board_a_reload_draws_and_the_first_frame_at_the_next_form(page: Page, live_server):
    document = sample(GAME).full_game()
    page.goto(import_game(page, live_server, first(document, 0)))
    page.evaluate(LOCKED)
    for number in (1, 2):
        *bids, (_last, fields) = sample(GAME).posts(document["rounds"][number - 1], document)
        for name, before in bids:  # the round's first saves: on to its next step
            page.evaluate(FILL, before)
            submit_step(page)
            expect(page.locator("#round-entry input[name=step]")).not_to_have_value(name)
        page.evaluate(FILL, fields)
        page.evaluate(FIRST_FRAME, number)
        page.evaluate("window.__locked = []")
        press(page, "#round-entry button[type=submit]")
        expect(page.locator(f"#scoreboard #round-{number}")).to_be_attached()
        assert step(page) == "bids"  # the next round's form
        frame = page.evaluate("window.__frame")
        assert abs(frame["top"]) < 20 and frame["focused"], frame  # the form's top (its scroll margin), focused
        assert page.evaluate("window.__locked") == [None, "true"]  # the request left, then the taps waited
    expect(page.locator("#score-chart svg")).to_be_attached()  # the chart, asked for just after the answer
    saved = board(page)
    page.reload()
    expect(page.locator("#scoreboard #round-2")).to_be_attached()
    assert board(page) == saved


def test_news_of_this_phones_own_save_coming_after_its_answer_is_dropped_unread(page: Page, live_server):
    """The page's waiting ask for news is answered by this phone's own save. When that news comes after the save's
    answer (a busy server), the board it was asked for is gone: it is dropped unread (read, htmx would look for its
    places in vain: an error in the console each), and the new board asks again from its own version."""
    document = sample(GAME).full_game()
    address = import_game(page, live_server, first(document, 1))
    held = []  # the page's waiting asks, answered only when let go (an ask after a failure, wait=0, goes through)
    page.route("**/poll?*", lambda ask: held.append(ask) if "wait=0" not in ask.request.url else ask.continue_())
    with page.expect_request("**/poll?*"):  # the board's #poll waits for news
        page.goto(address)
    errors: list[str] = []

    def heard(message) -> None:
        """An error the page wrote to its console."""
        if message.type == "error":
            errors.append(message.text)

    page.on("console", heard)  # taken off at the end: the tab is kept for the test process's later tests
    *bids, (_last, fields) = sample(GAME).posts(document["rounds"][1], document)
    for name, before in bids:
        page.evaluate(FILL, before)
        submit_step(page)
        expect(page.locator("#round-entry input[name=step]")).not_to_have_value(name)
    page.evaluate(FILL, fields)
    press(page, "#round-entry button[type=submit]")
    expect(page.locator("#scoreboard #round-2")).to_be_attached()
    asks = page.locator("#poll").get_attribute("data-poll")
    assert asks
    with page.expect_request(lambda request: asks in request.url):  # the new board's #poll asks from its version
        for route in held:
            route.fulfill(response=route.fetch())  # news of the save, told back after its answer
    assert not errors, errors
    expect(page.locator("#scoreboard #round-2")).to_have_count(1)
    page.unroute("**/poll?*")
    page.remove_listener("console", heard)
