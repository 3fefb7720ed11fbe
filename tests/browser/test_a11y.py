"""Readable in daylight and by everyone: every page and state a player meets (home, each game's setup, its
round form at each step, a refused form, a correction, a finished game, the watch page, the admin list)
passes axe-core in the light and the dark theme, has 44x44 targets and does not scroll sideways at 200%
zoom. Each test walks one game through its states in one phone, so axe is injected only on full loads."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from tests.sheets import samples

from .audit import AXE, Audit
from .helpers import open_game, submit_step, tap

pytestmark = pytest.mark.browser

P3 = ["Anne", "Julien", "Sylvie"]


@pytest.fixture
def phone(browser, browser_context_args):
    """A phone whose pages let the test inject axe-core (the app's CSP allows only its own scripts)."""
    assert AXE.exists(), "axe-core is missing: run make setup-test"
    context = browser.new_context(**browser_context_args, bypass_csp=True)
    yield context.new_page()
    context.close()


def setup(page: Page, audit: Audit, base: str, rules_id: str) -> None:
    """The setup form, as it opens and refused (the same name twice)."""
    page.goto(f"{base}/new/{rules_id}")
    audit(f"{rules_id} setup")
    for seat, name in enumerate(["Anne", "Anne", "Julien", "Sylvie"]):
        page.locator(f"#player-{seat}").fill(name)
    page.locator("#setup-form button[type=submit]").click()
    expect(page.locator("#setup-form .errors")).to_be_visible()
    audit(f"{rules_id} setup refused")


def correction(page: Page, audit: Audit, rules_id: str, number: int = 1) -> None:
    """The correction form of a saved round, then back to the game."""
    game = page.url
    page.locator(f"#scoreboard #round-{number} .rno a").click()
    expect(page.locator("form").filter(has=page.locator("button[type=submit]")).first).to_be_visible()
    audit(f"{rules_id} correction")
    page.goto(game)


def walk_tout_ou_rien(page: Page, audit: Audit, base: str) -> None:
    setup(page, audit, base, "tout-ou-rien")
    open_game(page, base, "tout-ou-rien", P3, options={"hands": "2 1"})
    audit("tout-ou-rien bids")
    tap(page, "open.1", "open")
    submit_step(page)  # an open player without a bid: refused, and the refusal is where the focus goes
    expect(page.locator("#round-form #first-error")).to_be_focused()
    audit("tout-ou-rien bids refused")
    tap(page, "bids.1", 0)
    tap(page, "open.0", "secret")
    tap(page, "open.2", "secret")
    submit_step(page, "tricks")
    audit("tout-ou-rien tricks")
    for seat, bid in ((0, 1), (2, 1)):  # the secret bids, after the hand
        tap(page, f"bids.{seat}", bid)
    for seat, took in enumerate([1, 0, 1]):
        tap(page, f"tricks.{seat}", took)
    submit_step(page, number=1)
    # focus on the next round's heading; screen readers told the round is saved
    expect(page.locator("#round-form h2")).to_be_focused()
    expect(page.locator("#round-form h2")).to_contain_text("2")
    expect(page.locator("#flash[aria-live=polite]")).to_contain_text("Manche 1 enregistrée.")
    audit("tout-ou-rien round 2")
    correction(page, audit, "tout-ou-rien")


def walk_all_or_nothing(page: Page, audit: Audit, base: str) -> None:
    setup(page, audit, base, "all-or-nothing")
    open_game(page, base, "all-or-nothing", ["Anne", "Julien", "Sylvie", "Marc"])
    audit("all-or-nothing bids")
    submit_step(page)  # no bid tapped: refused
    expect(page.locator("#round-form #first-error")).to_be_visible()
    audit("all-or-nothing bids refused")
    for seat, bid in enumerate(["nothing", "nothing", "all", "nothing"]):
        tap(page, f"bids.{seat}", bid)
    submit_step(page, "tricks")
    audit("all-or-nothing tricks")
    for seat, took in enumerate([0, 1, 9, 0]):
        tap(page, f"tricks.{seat}", took)
    submit_step(page, number=1)
    audit("all-or-nothing round 2")
    correction(page, audit, "all-or-nothing")


def walk_everest_abyss(page: Page, audit: Audit, base: str) -> None:
    setup(page, audit, base, "everest-abyss")
    open_game(page, base, "everest-abyss", P3, options={"tokens": "10"})
    audit("everest-abyss round")
    tap(page, "cote", "everest")
    for seat in range(3):
        page.locator(f"#player-{seat} [data-ea-step='1']").click()
    tap(page, "winner", "cards")
    expect(page.locator("#cards")).to_have_attribute("open", "")
    audit("everest-abyss cards shown")
    submit_step(page)  # no digits: refused
    expect(page.locator("#round-form #first-error")).to_be_visible()
    audit("everest-abyss refused")
    tap(page, "winner", "1")
    submit_step(page, number=1)
    audit("everest-abyss round 2")
    correction(page, audit, "everest-abyss")


def walk_all_fours(page: Page, audit: Audit, base: str) -> None:
    setup(page, audit, base, "all-fours")
    open_game(page, base, "all-fours", P3)
    audit("all-fours hand")
    submit_step(page)  # nothing tapped: refused
    expect(page.locator("#round-form #first-error")).to_be_visible()
    audit("all-fours hand refused")
    tap(page, "turn_up.0", "K")
    tap(page, "beg", "run")
    tap(page, "turn_up.1", "A")
    for name in ("high", "low", "jack"):
        tap(page, name, 0)
    tap(page, "game", "points")
    expect(page.locator("#game-points-0")).to_be_visible()
    audit("all-fours cards run, card points")
    page.locator("#game-points-0").fill("20")
    page.locator("#game-points-1").fill("10")
    page.locator("#game-points-2").fill("5")
    submit_step(page, number=1)
    audit("all-fours hand 2")
    correction(page, audit, "all-fours")


def walk_inferno(page: Page, audit: Audit, base: str) -> None:
    setup(page, audit, base, "inferno")
    open_game(page, base, "inferno", P3, options={"rounds": "1"})
    audit("inferno round")
    submit_step(page)  # nothing counted: refused
    expect(page.locator("#round-form #first-error")).to_be_visible()
    audit("inferno refused")
    page.locator("#player-0 label.face[for='red-0-3']").click()
    page.locator("#player-0 button[data-for='other-0'][data-step='1']").click()
    page.locator("#other-1").fill("3")
    page.locator("#player-2 label.chip:has(input[name='nothing.2'])").click()
    submit_step(page, number=1)
    expect(page.locator("#winners")).to_be_visible()
    audit("inferno finished")
    correction(page, audit, "inferno")


WALKS = {
    "tout-ou-rien": walk_tout_ou_rien,
    "all-or-nothing": walk_all_or_nothing,
    "everest-abyss": walk_everest_abyss,
    "all-fours": walk_all_fours,
    "inferno": walk_inferno,
}


@pytest.mark.parametrize("rules_id", WALKS)
def test_every_state_of_a_game_is_accessible_in_both_themes(phone: Page, live_server, rules_id):
    audit = Audit(phone)
    WALKS[rules_id](phone, audit, live_server)
    assert not audit.problems, audit.report()


def test_home_watch_admin_and_history_pages_are_accessible_in_both_themes(app, phone: Page, live_server):
    app.config["ADMIN_PASSWORD"] = "table-secret"
    audit = Audit(phone)
    phone.goto(live_server + "/")
    audit("home, no games")
    game = open_game(phone, live_server, "tout-ou-rien", P3, options={"hands": "1"})
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
        data=json.dumps(samples.tout_ou_rien()),
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
    page.goto(live_server + "/new/inferno")
    background = "getComputedStyle(document.body).backgroundColor"
    dark = page.evaluate(background)
    page.locator("header .theme summary").click()
    with page.expect_navigation():  # the link answers with a redirect back to the same page
        page.locator("header .theme a[href*='/theme/light']").click()
    expect(page).to_have_url(re.compile(r"/new/inferno$"))
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
  const named = group && (group.getAttribute("aria-label") || group.querySelector("legend"));
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


# per game: the players, the setup options, and each step's fields with the value keyed in
KEYED: dict[str, tuple[list[str], dict[str, str], list[dict]]] = {
    "tout-ou-rien": (
        P3,
        {"hands": "2 1"},
        [
            {"open.0": "secret", "open.1": "open", "bids.1": 0, "open.2": "secret"},
            {"bids.0": 1, "bids.2": 1, "tricks.0": 1, "tricks.1": 0, "tricks.2": 1},
        ],
    ),
    "all-or-nothing": (
        ["Anne", "Julien", "Sylvie", "Marc"],
        {},
        [
            {"bids.0": "nothing", "bids.1": "nothing", "bids.2": "all", "bids.3": "nothing"},
            {"tricks.0": 0, "tricks.1": 1, "tricks.2": 9, "tricks.3": 0},
        ],
    ),
    "everest-abyss": (
        P3,
        {"tokens": "10"},
        [{"cote": "everest", "staked.0": 1, "staked.1": 2, "staked.2": 1, "winner": 1}],
    ),
    "all-fours": (
        P3,
        {},
        [{"turn_up.0": "K", "high": 0, "low": 1, "jack": "none", "game": 2}],
    ),
    "inferno": (
        P3,
        {},
        [{"red.0.3": 1, "other.0": 1, "other.1": 3, "nothing.2": "1"}],
    ),
}


@pytest.mark.parametrize("rules_id", KEYED)
def test_a_round_is_entered_and_saved_with_the_keyboard_alone(page: Page, live_server, rules_id):
    players, options, steps = KEYED[rules_id]
    open_game(page, live_server, rules_id, players, options=options)
    for values in steps:
        key_in(page, values)
        # after each swap the focus is on the form again: Tab goes on from there, never from the page's top
        expect(page.locator("#round-form h2")).to_be_focused()
    expect(page.locator("#scoreboard #round-1")).to_be_attached()
    expect(page.locator("#flash")).to_contain_text("1")
