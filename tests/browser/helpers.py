"""Steps a player takes in the browser: start a game from the home page, tap chips, read the board.

Locators are structural (ids, input names, values) so they hold in French and English alike."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from urllib.parse import urljoin

from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from .touch import press


def shot(page: Page, name: str, full_page: bool = False) -> None:
    """Keep a screenshot to look at when SCOREKEEPER_SHOTS names a folder: a look-at-it aid, not a check, and
    0.1 s of CPU each, so not taken in every run."""
    folder = os.environ.get("SCOREKEEPER_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{folder}/{name}.png", full_page=full_page)


def chip_selector(name: str, value) -> str:
    """Where the chip a player taps for `name` = `value` is (its radio input is visually hidden: the label)."""
    return f"label.chip:has(input[name='{name}'][value='{value}'])"


def chip(page: Page, name: str, value) -> Locator:
    """The chip a player taps for `name` = `value`."""
    return page.locator(chip_selector(name, value))


def tap(page: Page, name: str, value) -> None:
    """Tap one chip and check it took (read with the tap; waited for only when not checked at once)."""
    checked = f"input[name='{name}'][value='{value}']"
    if not press(page, chip_selector(name, value), checked=checked):
        expect(page.locator(checked)).to_be_checked()


def start_game(
    page: Page,
    base: str,
    rules_id: str,
    players: list[str],
    dealer: int = 0,
    options: dict | None = None,
    chips: dict | None = None,
) -> str:
    """From the home page: pick the game, type the names, tap the first dealer, type the `options` and tap the
    `chips` (an option offered as chips: its field name and value), start; return the game URL."""
    page.goto(base + "/")
    press(page, f"a.game-pick[href$='/new/{rules_id}']")
    expect(page.locator("#setup-form")).to_be_visible()
    for seat, name in enumerate(players):
        page.locator(f"#player-{seat}").fill(name)
    press(page, f"label.deal-pick:has(input[name='dealer'][value='{dealer}'])")
    for name, value in (options or {}).items():
        page.locator(f"#opt-{name}").fill(str(value))
    for name, value in (chips or {}).items():
        tap(page, name, value)
    press(page, "#setup-form button[type=submit]")
    page.wait_for_url(re.compile(r"/games/[^/?#]+$"))
    expect(page.locator("#round-form")).to_be_visible()
    return page.url


def open_game(
    page: Page, base: str, rules_id: str, players: list[str], dealer: int = 0, options: dict | None = None
) -> str:
    """The game start_game would start, its setup form posted from this phone (with its cookies: the phone
    scores it) instead of tapped in, then its page opened; return the game URL. For tests of what comes
    after the setup: each game's main path taps its setup in (start_game), at a third of a second of CPU."""
    form: dict[str, str | float | bool] = {f"player.{seat}": name for seat, name in enumerate(players)}
    form |= {"dealer": str(dealer)} | {f"option.{name}": str(value) for name, value in (options or {}).items()}
    answer = page.request.post(f"{base}/new/{rules_id}", form=form, max_redirects=0)
    assert answer.status == 303, f"the setup was refused ({answer.status}): {answer.text()[:300]}"
    page.goto(urljoin(base, answer.headers["location"]))
    expect(page.locator("#round-form")).to_be_visible()
    return page.url


def round_number(page: Page) -> int:
    """The number of the round the entry form is for."""
    return int(page.locator("#round-entry input[name=number]").input_value())


def step(page: Page) -> str:
    """The step the entry form is at: 'bids' or 'tricks'."""
    return page.locator("#round-entry input[name=step]").input_value()


# Whether the round form an answer brought has arrived: offline.js has put back on it what this phone kept of it,
# at htmx's settle (20 ms after the swap, later on a busy phone). A tap before that may be undone by it: the tap's
# own keeping waits a timer that a late settle can run behind. Pages without scripts have nothing to wait for.
ARRIVED = """() => !window.htmx || [...document.querySelectorAll("#round-form form[hx-post]")]
  .every(form => form.dataset.restored)"""


def arrived(page: Page) -> None:
    """Wait until the round form on the page has arrived (ARRIVED): the moment a player's next tap stays."""
    page.wait_for_function(ARRIVED)


# The answer to a step's save is on the page: round `number` on the board and the form at `step` (each where asked,
# and only one of each), and the form that came with it has arrived (ARRIVED). Waited for in the page, frame by
# frame, in one call: the three waits it stands for took a round trip each, and more while the answer was coming.
ANSWERED = f"""([number, step]) => {{
  const one = sel => document.querySelectorAll(sel).length === 1;
  const atStep = one("#round-entry input[name=step]")
    && document.querySelector("#round-entry input[name=step]").value === step;
  return (number === null || one(`#scoreboard #round-${{number}}`)) && (step === null || atStep) && ({ARRIVED})();
}}"""
ANSWER_WAIT = 5_000  # ms: as long as one expect() waits


def submit_step(page: Page, expect_step: str | None = None, number: int | None = None) -> None:
    """Tap the form's big button; wait for the next step, or for round `number` on the board, and for the form
    that came with it to have arrived. Should that not come in time, the waits one by one say what is missing."""
    press(page, "#round-entry button[type=submit]")
    try:
        page.wait_for_function(ANSWERED, arg=[number, expect_step], timeout=ANSWER_WAIT)
    except PlaywrightTimeoutError:
        if number is not None:
            expect(page.locator(f"#scoreboard #round-{number}")).to_be_attached()
        if expect_step is not None:
            expect(page.locator("#round-entry input[name=step]")).to_have_value(expect_step)
        arrived(page)


def first_retry_due(page: Page) -> None:
    """On a clocked phone (the `clocked` fixture): the wait before offline.js sends a round again by itself (the first
    of its BACKOFF, half a second) over at once, the phone's clock moved on as the time would have. Nothing is
    tapped: the round still goes by itself, or not at all."""
    page.clock.fast_forward(500)


def enter_seats(page: Page, name: str, values: list) -> None:
    """Tap `name.<seat>` = value for every seat (None leaves the seat as it is)."""
    for seat, value in enumerate(values):
        if value is not None:
            tap(page, f"{name}.{seat}", value)


def number(text: str) -> int:
    """A number as the board writes it (true minus sign, French thousands spaces) read back as an int."""
    return int(re.sub(r"\s", "", text).replace("\u2212", "-"))


def totals(page: Page) -> list[int]:
    """The totals row of the scoreboard, seat by seat."""
    return [number(t) for t in page.locator("#scoreboard tfoot td").all_inner_texts()]


def round_totals(page: Page, rnd: int) -> list[int]:
    """The running totals shown in round `rnd`'s row of the board."""
    return [number(t) for t in page.locator(f"#scoreboard #round-{rnd} td .tot").all_inner_texts()]


def board_rounds(page: Page) -> int:
    """How many rounds the board shows."""
    return page.locator("#scoreboard tbody tr[id^=round-]").count()


def winner_text(page: Page) -> str:
    """The winner heading of the end screen."""
    return page.locator("#winners h2").inner_text()


def scroll_width(page: Page) -> int:
    """How wide the page is laid out; more than the viewport means it scrolls sideways."""
    return page.evaluate("document.documentElement.scrollWidth")


def cut_off(page: Page, selector: str) -> list[str]:
    """The one-line texts matching `selector` that do not fit: cut short, spilling out, or broken over lines."""
    return page.evaluate(
        """sel => [...document.querySelectorAll(sel)].filter(e =>
        e.scrollWidth > e.clientWidth + 1
        || e.getBoundingClientRect().height > 2 * parseFloat(getComputedStyle(e).fontSize))
        .map(e => e.textContent.trim())""",
        selector,
    )


def fits(page: Page, width: int) -> bool:
    """Narrow the window to `width` and say whether nothing scrolls sideways."""
    page.set_viewport_size({"width": width, "height": 800})
    return scroll_width(page) <= width


def _kind(page: Page, name: str) -> str:
    """What a round form's field is: radio, checkbox, or a box (anything typed in)."""
    kind = page.locator(f"#round-entry [name='{name}']").first.get_attribute("type")
    return kind if kind in ("radio", "checkbox") else "box"


def set_fields(page: Page, fields: dict) -> None:
    """Set the round form's fields as a player does: tap a chip, tick a box, type a number (a sample's TAPS)."""
    for name, value in fields.items():
        kind = _kind(page, name)
        if kind == "radio":
            tap(page, name, value)
        elif kind == "checkbox":
            field = f"input[name='{name}']"
            if not press(page, f"#round-entry label:has({field})", checked=f"#round-entry {field}"):
                expect(page.locator(f"#round-entry {field}")).to_be_checked()
        else:
            page.locator(f"#round-entry [name='{name}']").fill(str(value))


def shows(page: Page, fields: dict) -> None:
    """The round form shows each of `fields` as set: the chip checked, the box ticked, the number in its box."""
    for name, value in fields.items():
        kind = _kind(page, name)
        if kind == "radio":
            expect(page.locator(f"#round-entry input[name='{name}'][value='{value}']")).to_be_checked()
        elif kind == "checkbox":
            expect(page.locator(f"#round-entry input[name='{name}']")).to_be_checked()
        else:
            expect(page.locator(f"#round-entry [name='{name}']")).to_have_value(str(value))


def tap_at_once(page: Page, name: str, value) -> None:
    """One tap that would change `name`, at once: a thumb does not wait for the form to be ready (a chip, or
    the label that counts a box up)."""
    if _kind(page, name) == "radio":
        chip(page, name, value).click(force=True)
        return
    box = page.locator(f"#round-entry [name='{name}']").first.get_attribute("id")
    page.locator(f"#round-entry label[for='{box}']").first.click(force=True)


# Set the form's fields as a player would have tapped them (a chip, a box, a tick), events and all.
FILL = """fields => {
  const form = document.getElementById('round-entry');
  for (const [name, value] of Object.entries(fields)) {
    for (const input of form.querySelectorAll(`[name="${name}"]`)) {
      if (input.type === 'radio') { if (input.value !== value) continue; input.checked = true; }
      else if (input.type === 'checkbox') input.checked = !!value;
      else input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }
}"""


def import_game(page: Page, base: str, document: dict) -> str:
    """Open a game file on this phone (it may score it); the game's address."""
    response = page.request.post(
        f"{base}/games/import",
        data=json.dumps(document),
        headers={"Content-Type": "application/json", "Origin": base},
        max_redirects=0,
    )
    assert response.status == 303, response.text()
    return base + response.headers["location"]
