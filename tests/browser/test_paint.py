"""On a phone (390x844): the parts of a game page under the board (the chart, how it scores, the share panel, the
actions) are drawn as they come near the view, not in the frame that shows a save's answer (the page is then at
the next form's top, far above them; bench/phone_replay.py measures what that saves)."""

import json

import pytest
from playwright.sync_api import Page, expect

from tests.pick import game, lasting
from tests.samples import first, sample

from .helpers import FILL, import_game, submit_step

pytestmark = pytest.mark.browser

UNDER = ["#score-chart", "#game-scoring", "#share", "#game-actions"]
# whether the browser draws the part's content (not skipped by content-visibility: auto) and its height, once it is
# as wanted or after ten frames (the browser decides what is near the view as it draws a frame)
DRAWN = """([selector, wanted]) => new Promise((done) => {
  const el = document.querySelector(selector), inside = el.firstElementChild;
  let frames = 0;
  const look = () => {
    const drawn = inside.checkVisibility({contentVisibilityAuto: true});
    if (drawn === wanted || ++frames > 10) done({drawn, height: el.getBoundingClientRect().height});
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})"""


def test_what_is_under_the_board_is_drawn_when_scrolled_to_not_while_far_below(page: Page, live_server: str):
    document = first(sample(game(lasting(4))).full_game(), 3)  # a game under way: its round form above the board
    answer = page.request.post(
        live_server + "/games/import", data=json.dumps(document), headers={"Content-Type": "application/json"}
    )
    assert answer.ok, answer.status
    page.goto(answer.url)
    expect(page.locator("#round-entry")).to_be_visible()
    # what the page scrolls to stops above the sticky save bar (html.save-bar, said by the server)
    padding = page.evaluate(
        "(s => [parseFloat(s.scrollPaddingBottom), parseFloat(s.fontSize)])(getComputedStyle(document.documentElement))"
    )
    assert padding[0] == 8 * padding[1], f"scroll padding {padding[0]} px, not 8rem"
    page.evaluate("window.scrollTo(0, 0)")
    for part in UNDER:
        assert not page.evaluate(DRAWN, [part, False])["drawn"], f"{part}, far below the view, was drawn with the page"
    for part in UNDER:
        page.locator(part).scroll_into_view_if_needed()
        expect(page.locator(part)).to_be_in_viewport()
        near = page.evaluate(DRAWN, [part, True])
        assert near["drawn"] and near["height"] > 40, f"{part} in view: {near}"
    expect(page.locator("#score-chart svg")).to_be_visible()


def test_the_place_a_save_leaves_for_the_chart_keeps_a_charts_height_near_the_view(page: Page, live_server: str):
    # the place a save's answer leaves for the chart (asked for just after) is drawn with the page, not only near the
    # view: a new element drawn only near the view is looked at once more in the frame that shows the save, for
    # nothing to draw; and scrolled to before the chart comes, it keeps a chart's height rather than fold to nothing
    document = sample(game(lasting(3))).full_game()
    page.goto(import_game(page, live_server, first(document, 1)))
    page.route("**/chart", lambda route: None)  # the chart on its way (the next page's load cancels it)
    steps = sample(document["rules"]).posts(document["rounds"][1], document)
    for at, (_, fields) in enumerate(steps, 1):
        page.evaluate(FILL, fields)
        submit_step(page, *((steps[at][0], None) if at < len(steps) else (None, 2)))
    place = page.locator("#score-chart:empty")
    expect(place).to_be_attached()
    place.scroll_into_view_if_needed()
    size = page.evaluate(
        "[document.getElementById('score-chart').getBoundingClientRect().height, "
        "parseFloat(getComputedStyle(document.documentElement).fontSize)]"
    )
    assert size[0] == 14 * size[1], f"the chart's place is {size[0]} px high near the view, not 14rem"


# each chip of the round form, its radio and what they draw: a chip's radio is neither positioned nor transparent (the
# browser would give it, and its chip, a layer of its own: dozens more to set up and paint with each form a save
# brings), it draws nothing and takes no room (its chip shows its state and its focus)
CHIPS = """() => Array.from(document.querySelectorAll("#round-entry label.chip"), (chip) => {
  if (!chip.getClientRects().length) return null;  // in a row not shown (an open bid before Open is tapped)
  const input = chip.querySelector("input"), face = input.nextElementSibling, s = getComputedStyle(input);
  const layered = (e) => getComputedStyle(e).position !== "static" || getComputedStyle(e).opacity !== "1";
  return { layered: [chip, input].map(layered),
    drawn: [s.appearance, s.borderTopWidth, s.backgroundColor, s.outlineStyle, input.offsetWidth, input.offsetHeight],
    room: chip.getBoundingClientRect().height - face.getBoundingClientRect().height };
})"""


def test_a_chip_of_the_round_form_gives_the_browser_no_layer_to_draw(page: Page, live_server: str):
    document = sample(game(lasting(3))).full_game()
    page.goto(import_game(page, live_server, first(document, 1)))
    chips = [c for c in page.evaluate(CHIPS) if c]
    assert chips and all(c["layered"] == [False, False] for c in chips), chips[0]
    assert all(c["drawn"] == ["none", "0px", "rgba(0, 0, 0, 0)", "none", 1, 1] and c["room"] == 0 for c in chips), (
        chips[0]
    )
    first_chip = page.locator("#round-entry label.chip input").first
    first_chip.focus()
    page.keyboard.press("ArrowRight")  # a radio group: the arrows move within it, the ring on the chip's face
    ring = page.evaluate("getComputedStyle(document.activeElement.nextElementSibling).outlineStyle")
    assert ring == "solid" and page.evaluate("document.activeElement.matches(':focus-visible')")
