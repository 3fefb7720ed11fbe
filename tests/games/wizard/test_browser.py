"""Wizard's trump row in a real browser on a phone (390x844, French): the one thing its drawing has that Oh
Hell's (played by the shared browser tests, tests/browser/drawn.py) has not. The suit tapped with the bids
stays through "change the bids", shows on the board, and the next round's row starts at "none" again; its
chips share one line at 390 px, none of them cut.

Tests read ids, input names and values, and only the suits' signs as text."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import enter_seats, open_game, press, scroll_width, shot, submit_step, tap

pytestmark = pytest.mark.browser

P3 = ["Anne", "Julien", "Sylvie"]


def trump(page: Page, value: str):
    """The trump row's radio input for `value` (a suit, or none)."""
    return page.locator(f"#trump input[name='trump'][value='{value}']")


def broken_words(page: Page, selector: str) -> list[str]:
    """The texts matching `selector` laid out on more than one line, or spilling out of their box (a chip's
    box is taller than a line: its text's own lines are counted)."""
    return page.evaluate(
        """sel => [...document.querySelectorAll(sel)].filter(e => {
            const range = document.createRange();
            range.selectNodeContents(e);
            const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
            return lines.size > 1 || e.scrollWidth > e.clientWidth + 1;
        }).map(e => e.textContent.trim())""",
        selector,
    )


def test_the_trump_tapped_with_the_bids_is_kept_shown_on_the_board_then_cleared(page: Page, live_server):
    open_game(page, live_server, "wizard", P3, options={"rounds": 2})
    chips = page.locator("#trump label.chip")
    expect(chips).to_have_count(5)  # four suits and none
    expect(trump(page, "none")).to_be_checked()  # nothing tapped is no trump
    tops = {round(box["y"]) for box in (chip.bounding_box() for chip in chips.all()) if box}
    assert len(tops) == 1, f"the trump chips do not share one line at 390 px: {tops}"
    assert broken_words(page, "#trump label.chip > span") == []
    assert scroll_width(page) <= 390
    shot(page, "wizard-trump-row")

    tap(page, "trump", "hearts")
    enter_seats(page, "bids", [1, 0, 0])
    submit_step(page, "tricks")
    press(page, "#round-entry p.step a")  # change the bids: the suit tapped is still there
    expect(page.locator("#round-entry input[name=step]")).to_have_value("bids")
    expect(trump(page, "hearts")).to_be_checked()
    submit_step(page, "tricks")
    enter_seats(page, "tricks", [1, 0, 0])
    submit_step(page, number=1)

    expect(page.locator("#scoreboard #round-1 th abbr")).to_have_text("♥")
    expect(page.locator("#round-entry input[name=number]")).to_have_value("2")
    expect(trump(page, "none")).to_be_checked()  # a new round turns up a new trump
    expect(trump(page, "hearts")).not_to_be_checked()
