"""Inferno in a real browser on a phone: a 3-player game through tie-break rounds, tapped in from the
home page with the red cards, − and +, and "collected nothing"; live points; a refused round; the
narrowest screen; and a round with JavaScript off.

The page is in French (the fr-FR phone's language); tests read ids, input names and numbers, and only
the players' own names as text."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import (
    arrived,
    board_rounds,
    fits,
    open_game,
    press,
    round_totals,
    start_game,
    submit_step,
    totals,
)

pytestmark = pytest.mark.browser

P3 = ["Anne", "Julien", "Sylvie"]
P7 = P3 + ["Maximilien", "Chloé", "Bartholomew", "Zoë"]


def red_card(page: Page, seat: int, face: int, times: int = 1) -> None:
    """Tap a player's red card of value `face` (each tap counts one more)."""
    for _ in range(times):
        press(page, f"#player-{seat} label.face[for='red-{seat}-{face}']")


def plus(page: Page, seat: int, times: int) -> None:
    """Tap + beside a player's other cards."""
    for _ in range(times):
        press(page, f"#player-{seat} button[data-for='other-{seat}'][data-step='1']")


def nothing(page: Page, seat: int) -> None:
    """Tap "collected nothing" for a player."""
    press(page, f"#player-{seat} label.chip:has(input[name='nothing.{seat}'])")


def points(page: Page, seat: int):
    """The live points shown beside a player's name."""
    return page.locator(f"#player-{seat} .inf-points")


def other_cards(page: Page, others) -> None:
    """Type each player's other cards (None: leave the box alone)."""
    for seat, count in enumerate(others):
        if count is not None:
            page.locator(f"#other-{seat}").fill(str(count))


def save(page: Page, number: int) -> None:
    """Tap Save and wait for the round on the board."""
    submit_step(page, number=number)  # and the next form arrived


def tie_notice(page: Page):
    """The notice above the round form that announces a tie-break round."""
    return page.locator("#round-form p.notice")


def test_a_three_player_game_through_tie_break_rounds(page: Page, live_server):
    start_game(page, live_server, "inferno", P3, dealer=0)
    expect(page.locator("#round-form .deal")).to_contain_text("Julien")  # the dealer's left neighbour starts
    expect(page.locator("#round-entry fieldset legend").first).to_have_text("Julien")

    # round 1: Anne two red 3s, a red 5 and 4 others; Julien 3 others; Sylvie nothing
    red_card(page, 0, 3, times=2)
    red_card(page, 0, 5)
    expect(points(page, 0)).to_have_text("11")
    plus(page, 0, 4)
    expect(points(page, 0)).to_have_text("15")
    expect(page.locator("#red-0-3")).to_have_value("2")
    press(page, "#player-0 button[data-for='red-0-5']")  # − takes the red 5 back...
    expect(points(page, 0)).to_have_text("10")
    red_card(page, 0, 5)  # ...and a tap puts it back
    other_cards(page, [None, 3, None])
    expect(points(page, 1)).to_have_text("3")
    nothing(page, 2)
    expect(page.locator("#player-2")).to_have_class(re.compile(r"\bis-nothing\b"))
    expect(page.locator("#other-2")).to_have_value("0")
    assert fits(page, 360), "the round form scrolls sideways at 360 px"
    page.set_viewport_size({"width": 390, "height": 844})
    save(page, 1)
    assert totals(page) == [15, 3, 0]
    expect(page.locator("#round-form .deal")).to_contain_text("Sylvie")

    # round 2: Anne collects 2 cards only: saved, with a warning
    other_cards(page, [2, 8, 10])
    expect(page.locator("#player-0 .inf-live")).to_have_class(re.compile(r"\bwarn\b"))
    save(page, 2)
    assert totals(page) == [17, 11, 10]
    expect(page.locator("#warnings")).to_contain_text("Anne")
    expect(page.locator("#warnings")).not_to_contain_text("Julien")
    expect(page.locator("#scoreboard #round-2 td").first.locator(".warn")).to_have_count(1)

    # round 3: Julien forgotten at first, then everyone ties at 20
    other_cards(page, [3, None, 10])
    press(page, "#round-entry button[type=submit]")
    expect(page.locator("#round-form #first-error")).to_contain_text("Julien")
    arrived(page)  # the refused form's taps put back: typing before that could be undone on a busy machine
    expect(page.locator("#other-0")).to_have_value("3")  # what was typed is kept
    assert board_rounds(page) == 2
    other_cards(page, [None, 9, None])
    save(page, 3)
    assert totals(page) == [20, 20, 20]
    expect(tie_notice(page)).to_contain_text("(20)")
    expect(tie_notice(page)).to_contain_text("Anne, Julien, Sylvie")
    expect(page.locator("#round-entry input[name=number]")).to_have_value("4")
    expect(page.locator("#winners")).to_have_count(0)

    # round 4, a tie-break: Anne and Julien still tie
    other_cards(page, [3, 3, 4])
    save(page, 4)
    assert totals(page) == [23, 23, 24]
    expect(tie_notice(page)).to_contain_text("Anne, Julien")
    expect(tie_notice(page)).not_to_contain_text("Sylvie")

    # round 5, a tie-break that Sylvie wins: everyone plays it
    other_cards(page, [3, 4, None])
    nothing(page, 2)
    save(page, 5)
    assert round_totals(page, 5) == [26, 27, 24]
    winner = page.locator("#winners h2")
    expect(winner).to_contain_text("Sylvie")
    expect(winner).not_to_contain_text("Anne")
    expect(page.locator("#round-entry")).to_have_count(0)
    for number, marked in [(3, 0), (4, 1), (5, 1)]:
        expect(page.locator(f"#scoreboard #round-{number} .tie-break")).to_have_count(marked)
    assert fits(page, 360), "the board scrolls sideways at 360 px"


def test_seven_players_fit_a_360_px_phone(page: Page, live_server):
    page.goto(live_server + "/new/inferno")
    assert fits(page, 360), "the setup form scrolls sideways"
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, live_server, "inferno", P7, dealer=6)
    assert fits(page, 360), "the round form scrolls sideways"
    for box in (
        page.locator("label.face").first.bounding_box(),
        page.locator("#other-0").bounding_box(),
        page.locator("button.inf-step").first.bounding_box(),
    ):
        assert box["width"] >= 44 and box["height"] >= 40, box
    for seat in range(7):
        nothing(page, seat)
    red_card(page, 3, 4, times=4)
    red_card(page, 5, 4)  # a fifth red 4 at the table: the boxes turn red before saving
    expect(page.locator("#red-3-4")).to_have_class(re.compile(r"\bover\b"))
    press(page, "#round-entry button[type=submit]")
    expect(page.locator("#round-form #first-error")).to_contain_text("5")
    arrived(page)
    press(page, "#player-5 button[data-for='red-5-4']")
    expect(page.locator("#red-3-4")).not_to_have_class(re.compile(r"\bover\b"))
    save(page, 1)
    assert totals(page) == [0, 0, 0, 16, 0, 0, 0]
    assert fits(page, 360), "the board scrolls sideways"


def test_a_round_without_javascript(no_js_phone: Page, live_server):
    page = no_js_phone
    start_game(page, live_server, "inferno", P3, dealer=2)
    expect(page.locator("button.inf-step").first).to_be_hidden()  # no − and + without the script
    page.locator("#red-1-2").fill("1")
    other_cards(page, [4, 1, None])  # Julien: a red 2 and 1 other card, 2 cards in all
    nothing(page, 2)
    save(page, 1)  # a plain POST, then a redirect back to the game
    assert totals(page) == [4, 3, 0]
    assert page.url.endswith("#round-form")
    expect(page.locator("#warnings")).to_contain_text("Julien")
