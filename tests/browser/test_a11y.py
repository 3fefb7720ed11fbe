"""Readable in daylight and by everyone: every page and state a player meets (home, each game's setup, its
round form at each step, a refused form, a correction, a finished game, the watch page, the admin list)
passes axe-core in the light and the dark theme, has 44x44 targets and does not scroll sideways at 200%
zoom. Each test walks one game through its states in one phone, so axe is injected only on full loads."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from tests import pick
from tests.samples import sample
from tests.sheets import samples

from .audit import Audit
from .drawn import DRAWN, one_of_each_drawing
from .helpers import open_game, set_fields, step, submit_step, totals

pytestmark = pytest.mark.browser

ANY = pick.game()  # the pages every game shares: any game's, its sample's table


def setup(page: Page, audit: Audit, base: str, rules_id: str) -> None:
    """The setup form, as it opens (with the game's options) and, for the first game only, refused (the same name
    twice): the players' fields and their refusal are the same for every game."""
    page.goto(f"{base}/new/{rules_id}")
    audit(f"{rules_id} setup")
    if rules_id != one_of_each_drawing()[0]:
        return
    for seat, name in enumerate(["Anne", "Anne", "Julien", "Sylvie"]):
        page.locator(f"#player-{seat}").fill(name)
    page.locator("#setup-form button[type=submit]").click()
    expect(page.locator("#setup-form .errors")).to_be_visible()
    audit(f"{rules_id} setup refused")


def correction(page: Page, audit: Audit, rules_id: str, number: int = 1) -> None:
    """The correction form of a saved round: the walk's last state, so the phone stays on it (going back to the
    game was a full page load that nothing read)."""
    page.locator(f"#scoreboard #round-{number} .rno a").click()
    expect(page.locator("form").filter(has=page.locator("button[type=submit]")).first).to_be_visible()
    audit(f"{rules_id} correction")


def walk(page: Page, audit: Audit, base: str, rules_id: str) -> None:
    """The game's setup, its round form as it opens, refused (nothing tapped), with any hidden part opened,
    each step as its sample taps it in (TAPS), the game after the round, and the round's correction."""
    taps = sample(rules_id).TAPS
    setup(page, audit, base, rules_id)
    open_game(page, base, rules_id, taps.players, options=taps.options)
    audit(f"{rules_id} round form")
    submit_step(page)  # nothing tapped: refused, and the refusal is where the focus goes
    expect(page.locator("#round-form #first-error")).to_be_focused()
    audit(f"{rules_id} refused")
    if taps.reveal:
        set_fields(page, taps.reveal)
        audit(f"{rules_id} {', '.join(taps.reveal)} opened")
    for k, fields in enumerate(taps.steps, start=1):
        set_fields(page, fields)
        if k < len(taps.steps):
            before = step(page)
            submit_step(page)
            expect(page.locator("#round-entry input[name=step]")).not_to_have_value(before)
            audit(f"{rules_id} step {k + 1}")
    submit_step(page, number=1)
    expect(page.locator("#flash[aria-live=polite]")).to_contain_text("1")  # screen readers told the round is saved
    if page.locator("#round-form h2").count():  # focus on the next round's heading
        expect(page.locator("#round-form h2")).to_be_focused()
    audit(f"{rules_id} after round 1")
    correction(page, audit, rules_id)


@pytest.mark.parametrize("rules_id", DRAWN)
def test_every_state_of_a_game_is_accessible_in_both_themes(phone: Page, live_server, rules_id):
    audit = Audit(phone)
    walk(phone, audit, live_server, rules_id)
    assert not audit.problems, audit.report()


def test_home_watch_admin_and_history_pages_are_accessible_in_both_themes(app, phone: Page, live_server):
    app.config["ADMIN_PASSWORD"] = "table-secret"
    audit = Audit(phone)
    phone.goto(live_server + "/")
    audit("home, no games")
    taps = sample(ANY).TAPS
    game = open_game(phone, live_server, ANY, taps.players, options=taps.options)
    phone.locator("#share summary").click()
    audit("game page, share panel open")
    phone.goto(live_server + "/")
    audit("home with a game")
    phone.context.clear_cookies()  # another phone: it may only watch
    phone.goto(game)
    expect(phone.locator("#round-entry")).to_have_count(0)
    audit("watch page")
    phone.goto(live_server + "/admin")
    phone.locator("#admin-password").fill("wrong")
    phone.locator("#admin-form button[type=submit]").click()
    expect(phone.locator("#admin .errors")).to_be_visible()
    audit("admin sign-in refused")
    phone.locator("#admin-password").fill("table-secret")
    phone.locator("#admin-form button[type=submit]").click()
    phone.goto(live_server + "/")
    # a game in progress leads the home page
    expect(phone.locator("#in-progress a[href$='" + game.rsplit("/", 1)[1] + "']")).to_be_visible()
    audit("admin list")
    finished = phone.request.post(
        live_server + "/games/import",
        data=json.dumps(sample(ANY).full_game()),
        headers={"Content-Type": "application/json"},
    )
    assert finished.ok
    phone.goto(live_server + "/history")
    expect(phone.locator(".history li").first).to_be_visible()
    audit("history")
    phone.goto(live_server + "/players/" + samples.NAMES[0])
    expect(phone.locator(".stats").first).to_be_visible()
    audit("a player's page")
    assert not audit.problems, audit.report()


def test_the_phones_choice_of_colours_is_drawn_by_the_server(new_context, live_server):
    """Without JavaScript: the menu's links set the theme; the page comes back in it whatever the phone says."""
    page = new_context(java_script_enabled=False, color_scheme="dark").new_page()
    page.goto(f"{live_server}/new/{ANY}")
    background = "getComputedStyle(document.body).backgroundColor"
    dark = page.evaluate(background)
    page.locator("header .theme summary").click()
    with page.expect_navigation():  # the link answers with a redirect back to the same page
        page.locator("header .theme a[href*='/theme/light']").click()
    expect(page).to_have_url(re.compile(f"/new/{ANY}$"))
    assert page.locator("html").get_attribute("data-theme") == "light"
    light = page.evaluate(background)
    assert light != dark
    page.emulate_media(color_scheme="light")
    page.locator("header .theme summary").click()
    with page.expect_navigation():  # the link answers with a redirect back to the same page
        page.locator("header .theme a[href*='/theme/dark']").click()
    assert page.evaluate(background) == dark  # dark though the phone now asks for light
    page.locator("header .theme summary").click()
    with page.expect_navigation():  # the link answers with a redirect back to the same page
        page.locator("header .theme a[href*='/theme/auto']").click()
    assert page.evaluate(background) == light  # automatic: the phone's setting again


# -- the keyboard alone ------------------------------------------------------------------------------

FOCUSED = """() => { const e = document.activeElement;
  return {name: e.name || "", type: e.type || "", value: e.value || "",
          submit: e.type === "submit" && !!e.closest("#round-entry")}; }"""


# a radio row is a group of its own (a radiogroup or a fieldset holding that row alone) with a name, so a
# screen reader says "Bid, Anne" before "1", and Tab stops once per row
UNGROUPED = """() => [...document.querySelectorAll("#round-entry input[type=radio]")].filter(r => {
  const group = r.closest("[role=radiogroup], fieldset");
  const named = group && (group.getAttribute("aria-label") || group.getAttribute("aria-labelledby")
    || group.querySelector("legend"));
  return !named || [...group.querySelectorAll("input[type=radio]")].some(o => o.name !== r.name);
}).map(r => r.name).filter((n, k, all) => all.indexOf(n) === k)"""


def tab_to(page: Page, wanted, limit: int = 80) -> dict:
    """Press Tab until the focused element is the one `wanted` describes; return what is focused."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        now = page.evaluate(FOCUSED)
        if wanted(now):
            return now
    raise AssertionError("Tab never reached the field")


def key_in(page: Page, values: dict) -> None:
    """Fill the round form with the keyboard alone, field by field in the order Tab visits them: a radio
    group is one Tab stop, the arrows choose in it (Space when the first is the one); boxes are typed in;
    then Tab to the save button and Enter."""
    assert page.evaluate(UNGROUPED) == [], "radio rows without a group of their own, named"
    names = page.locator("#round-entry [name]").evaluate_all("els => [...new Set(els.map(e => e.name))]")
    for name in [n for n in names if n in values]:
        want = str(values[name])
        now = tab_to(page, lambda f, name=name: f["name"] == name)
        if now["type"] == "radio":
            options = page.locator(f"#round-entry input[name='{name}']").evaluate_all("els => els.map(e => e.value)")
            steps = options.index(want) - options.index(now["value"])
            for _ in range(abs(steps)):
                page.keyboard.press("ArrowRight" if steps > 0 else "ArrowLeft")
            if not steps:
                page.keyboard.press("Space")
            expect(page.locator(f"#round-entry input[name='{name}'][value='{want}']")).to_be_checked()
        elif now["type"] == "checkbox":
            page.keyboard.press("Space")
        else:
            page.keyboard.press("ControlOrMeta+A")
            page.keyboard.type(want)
    tab_to(page, lambda f: f["submit"])
    page.keyboard.press("Enter")


@pytest.mark.parametrize("rules_id", DRAWN)
def test_a_round_is_entered_and_saved_with_the_keyboard_alone(page: Page, live_server, rules_id):
    taps = sample(rules_id).TAPS
    open_game(page, live_server, rules_id, taps.players, options=taps.options)
    for values in taps.steps:
        key_in(page, values)
        # after each swap the focus is on the form again: Tab goes on from there, never from the page's top
        expect(page.locator("#round-form h2")).to_be_focused()
    expect(page.locator("#scoreboard #round-1")).to_be_attached()
    expect(page.locator("#flash")).to_contain_text("1")
    assert totals(page) == taps.totals  # what the board shows after the round
