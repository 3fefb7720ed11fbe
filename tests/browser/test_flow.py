"""Every tap lands where the eyes are, in every game drawn its own way (drawn.py), on a phone (390x844): after
a refusal the first problem is on screen and focused; after a save the next round's heading and first field
are; after the last round the winner is; an undo puts the round back on the form, filled in, with one message
on screen and one round form. Without JavaScript a refused form lands on its first problem too.

Each game plays its sample (tests/samples/) from its next-to-last round: one page visit for every check.
Positions are read from each element's box against the viewport, and what covers it (the sticky save bar)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.samples import first, sample

from .drawn import DRAWN
from .helpers import FILL, import_game, press

pytestmark = pytest.mark.browser

# Whether an element is wholly on screen and not hidden under anything (its middle is itself). Radio and
# checkbox inputs are drawn by their chip.
ON_SCREEN = """e => {
  const box = (e.matches('input[type=radio], input[type=checkbox]') && e.closest('label')) || e;
  const r = box.getBoundingClientRect();
  if (!r.height || r.top < 0 || r.bottom > innerHeight) return false;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!hit && (box.contains(hit) || hit.contains(box));
}"""

# The texts of those of the chips given that are not wholly on screen and uncovered (ON_SCREEN): one call for all
# of a player's chips, where one call each cost a round trip to the browser (a seven-chip player's two scroll
# positions, at every step of every game: a fifth of this file's CPU).
COVERED = f"chips => chips.filter(c => !({ON_SCREEN})(c)).map(c => c.innerText)"

# What the form shows for each of `fields`: a radio's checked value, a tick, a box's text.
SHOWN = """fields => {
  const form = document.getElementById('round-entry');
  const shown = {};
  for (const name of Object.keys(fields)) {
    const inputs = [...form.querySelectorAll(`[name="${name}"]`)];
    const picked = inputs.find(i => (i.type !== 'radio' && i.type !== 'checkbox') || i.checked);
    shown[name] = picked ? (picked.type === 'checkbox' ? '1' : picked.value) : null;
  }
  return shown;
}"""


def on_screen(page: Page, selector: str) -> bool:
    """Whether the first element matching `selector` is wholly in view and uncovered (one call: a locator's
    evaluate took three, for its element's handle)."""
    return page.evaluate(f"sel => ({ON_SCREEN})(document.querySelector(sel))", selector)


def focused_id(page: Page) -> str:
    """The id of the focused element."""
    return page.evaluate("document.activeElement && document.activeElement.id")


# The page has landed after an answer: the focus is on what the new form says first.
LANDED = """() => {
  const form = document.getElementById('round-form'), at = document.activeElement;
  return !!form && !!at && form.contains(at) && at.matches('#first-error, #game-message, h2');
}"""


def submit(page: Page) -> None:
    """Tap the form's big button, scrolled to it as a thumb would (press), and wait until the page has landed."""
    press(page, "#round-entry button[type=submit]")
    page.wait_for_function(LANDED)


def enter(page: Page, steps) -> None:
    """Tap in a round's steps and save each."""
    for _step, fields in steps:
        save_bar_keeps_clear(page)
        page.evaluate(FILL, fields)
        submit(page)


# From the top of the page, the last player's fieldset scrolled to (or the form's end, if `end`): the texts of its
# chips not wholly on screen (COVERED), in one call where the scroll and the look took five round trips
SCROLLED_TO_LAST = f"""end => {{
  window.scrollTo(0, 0);
  const last = [...document.querySelectorAll("#round-entry fieldset.player")].pop();
  if (end) last.closest("form").scrollIntoView({{block: "end"}});
  else last.scrollIntoView({{block: "nearest"}});
  return ({COVERED})([...last.querySelectorAll("label.chip")]);
}}"""


def save_bar_keeps_clear(page: Page) -> None:
    """A form with a sticky save bar: its trick count is neutral before anything is tapped, and the last
    player's chips come out from under the bar, reached as the page scrolls to them or to the form's end."""
    count = page.locator("#round-entry .submit-bar .live-count")
    if not count.count():
        return
    if not page.locator("#round-entry input[name^='tricks.']:checked").count():
        expect(count).not_to_have_class(re.compile(r"\b(bad|ok)\b"))
        expect(count.locator(".sum-note")).to_have_text("")
    for end in (False, True):
        hidden = page.evaluate(SCROLLED_TO_LAST, end)
        assert not hidden, f"the save bar covers the last player's chips {hidden}"


@pytest.mark.parametrize("rules_id", DRAWN)
def test_each_tap_lands_in_view(page: Page, live_server, rules_id):
    module = sample(rules_id)
    game = module.GAME
    n = len(game["rounds"])
    url = import_game(page, live_server, first(game, n - 2))
    page.goto(url)

    # a refusal (nothing tapped, Save tapped at the bottom): the first problem is in view and focused
    submit(page)
    expect(page.locator("#round-form #first-error")).to_be_attached()
    assert focused_id(page) == "first-error"
    assert on_screen(page, "#first-error"), "the first problem is off screen or covered"
    said = page.locator("#round-form .errors li, #round-form .field-error").all_inner_texts()
    assert len(said) == len(set(said)), f"a message is printed twice: {said}"

    # a save: the next round's heading and first field are in view
    enter(page, module.posts(game["rounds"][n - 2], game))
    expect(page.locator("#round-entry input[name=number]")).to_have_value(str(n))
    assert on_screen(page, "#round-form h2"), "the next round's heading is off screen"
    assert on_screen(page, "#round-entry input:not([type=hidden])"), "the next round's first field is off screen"

    # the last round: the winner is in view
    last = module.posts(game["rounds"][n - 1], game)
    enter(page, last)
    expect(page.locator("#winners")).to_be_visible()
    assert on_screen(page, "#winners h2"), "the winner is off screen"

    # undo: the round is back on the form as it was tapped in, and says so once, in view
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#scoreboard form.undo button").click()
    page.wait_for_function(LANDED)
    expect(page.locator("#round-entry input[name=number]")).to_have_value(str(n))
    message = page.locator("#game-message")
    expect(message).to_be_visible()
    expect(page.locator("section#round-form")).to_have_count(1)  # the swap left one round form, in no other
    expect(page.locator("#round-form #round-form")).to_have_count(0)
    assert on_screen(page, "#game-message"), "the undo message is off screen"
    assert len(re.findall(rf"\b{n}\b", message.inner_text())) == 1, message.inner_text()
    for k, (_step, fields) in enumerate(last):
        assert page.evaluate(SHOWN, fields) == fields, f"step {k + 1} of the undone round is not filled in"
        if k < len(last) - 1:
            submit(page)  # the bids again, as they were: on to the tricks, filled in too
    enter(page, last[-1:])
    expect(page.locator("#winners")).to_be_visible()


@pytest.mark.parametrize("rules_id", DRAWN)
def test_without_javascript_a_refusal_lands_on_its_first_problem(no_js_phone: Page, live_server, rules_id):
    page = no_js_phone
    game = sample(rules_id).GAME
    page.goto(import_game(page, live_server, first(game, 0)))
    page.locator("#round-entry button[type=submit]").click()
    page.wait_for_url(re.compile(r"#first-error$"))
    assert focused_id(page) == "first-error"
    assert on_screen(page, "#first-error"), "the first problem is off screen or covered"
