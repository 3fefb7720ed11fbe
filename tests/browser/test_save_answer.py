"""A round saved on a 390x844 phone (issue 40): the request leaves at the tap, the form locked only after it; the
answer brings the new row and what changed under the board rather than the whole board, and the board it leaves
is the one the page draws afresh; the first frame painted after the answer already shows the next form's top, the
focus on its heading (not a frame at the old place, then a jump once htmx has settled)."""

import pytest
from playwright.sync_api import Page, expect

from tests.markup import parse

from .helpers import enter_seats, open_game, submit_step, tap

pytestmark = pytest.mark.browser

# the board as a player meets it: htmx's and the page's own passing marks (a request on its way, a class
# left empty, the watch loop's state) are not part of it
BOARD = """() => {
  const board = document.getElementById("scoreboard").cloneNode(true);
  for (const e of [board, ...board.querySelectorAll("*")]) {
    e.classList.remove("htmx-request", "htmx-settling", "htmx-added");
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
    open_game(page, live_server, "tout-ou-rien", ["Anne", "Julien", "Sylvie", "Pierre"], options={"hands": "4 3 2"})
    page.evaluate(LOCKED)
    for number, tricks in ((1, [1, 1, 1, 1]), (2, [0, 1, 2, 0])):
        enter_seats(page, "open", ["secret", "open", "secret", "secret"])
        tap(page, "bids.1", 1)
        submit_step(page, "tricks")
        enter_seats(page, "bids", [1, None, 0, 1])
        enter_seats(page, "tricks", tricks)
        page.evaluate(FIRST_FRAME, number)
        page.evaluate("window.__locked = []")
        submit_step(page, "bids", number=number)
        frame = page.evaluate("window.__frame")
        assert abs(frame["top"]) < 20 and frame["focused"], frame  # the form's top (its scroll margin), focused
        assert page.evaluate("window.__locked") == [None, "true"]  # the request left, then the taps waited
    saved = board(page)
    page.reload()
    expect(page.locator("#scoreboard #round-2")).to_be_attached()
    assert board(page) == saved
