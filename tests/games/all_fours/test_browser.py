"""All Fours in a real browser on a phone (390x844, French): a team game tapped in to the target, the live
Game from card points, the cards run, the narrowest screen, and a hand entered with JavaScript off.

Tests read ids, input names and numbers, and only the players' own names and the point words as text."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import chip_selector, fits, press, start_game, submit_step, tap, totals

pytestmark = pytest.mark.browser

P4 = ["Anne", "Julien", "Sylvie", "Pierre"]


def round_totals(page: Page, number: int) -> list[str]:
    """A hand's row on the board: each side's total out of the target, e.g. '5/7'."""
    return [re.sub(r"\s", "", t) for t in page.locator(f"#scoreboard #round-{number} td .tot").all_inner_texts()]


def save(page: Page, number: int) -> None:
    """Tap the save button and wait for the hand on the board."""
    submit_step(page, number=number)  # and the next form arrived


def points_of(page: Page, side: int, value: int) -> None:
    """Type one side's card points (the box is shown once 'count the card points' is tapped)."""
    page.locator(f"#game-points-{side}").fill(str(value))


def test_a_team_game_to_the_target(page: Page, live_server):
    start_game(page, live_server, "all-fours", P4, dealer=0)
    expect(page.locator("#scoreboard thead th").nth(1)).to_have_text("Anne & Sylvie")
    expect(page.locator("#scoreboard thead th").nth(2)).to_have_text("Julien & Pierre")
    expect(page.locator("#round-form .deal")).to_contain_text("Anne")
    expect(page.locator("#beg legend")).to_contain_text("Pierre")  # on the dealer's right, he may beg

    # Hand 1: Anne turns up a Jack (1 for her side); Julien & Pierre take High, Low and Game on card points
    tap(page, "turn_up.0", "J")
    expect(page.locator("#turn-up-1")).to_be_hidden()  # the cards were not run
    tap(page, "high", 1)
    tap(page, "low", 1)
    tap(page, "jack", "none")
    expect(page.locator("#game-points-0")).to_be_hidden()
    tap(page, "game", "points")
    points_of(page, 0, 23)
    points_of(page, 1, 35)
    press(page, "button[data-for='game-points-1'][data-step='1']")  # + : 36
    press(page, "button[data-for='game-points-1'][data-step='1']")  # + : 37
    expect(page.locator("#game-points-1")).to_have_value("37")
    expect(page.locator(".af-game-live")).to_contain_text("Julien & Pierre")
    assert fits(page, 360), "the hand form scrolls sideways at 360 px"
    page.set_viewport_size({"width": 390, "height": 844})
    save(page, 1)
    assert totals(page) == [1, 3]
    assert round_totals(page, 1) == ["1/7", "3/7"]

    # Hand 2: Pierre deals (the deal passes to the right), Sylvie begs and he runs the cards: K then Ace
    expect(page.locator("#round-form .deal")).to_contain_text("Pierre")
    tap(page, "turn_up.0", "K")
    tap(page, "beg", "run")
    expect(page.locator("#turn-up-1")).to_be_visible()
    tap(page, "turn_up.1", "A")
    expect(page.locator("#turn-up-2")).to_be_visible()  # the cards may be run again
    for name, side in (("high", 0), ("low", 0), ("jack", 0), ("game", 0)):
        tap(page, name, side)
    save(page, 2)
    assert totals(page) == [5, 4]  # Ace turned up: 1 for Pierre's side

    # Hand 3: Sylvie deals, Julien begs and is given a point; a tie on card points gives nobody Game
    press(page, chip_selector("turn_up.0", 9))
    tap(page, "beg", "stand")
    tap(page, "high", 1)
    tap(page, "low", 0)
    tap(page, "jack", "none")
    tap(page, "game", "points")
    points_of(page, 0, 30)
    points_of(page, 1, 30)
    expect(page.locator(".af-game-live")).to_have_class(re.compile(r"\btie\b"))
    save(page, 3)
    assert totals(page) == [6, 6]

    # Hand 4: Julien deals; Anne & Sylvie reach 7 on High: the rest of the hand is not counted
    tap(page, "turn_up.0", "8")
    tap(page, "high", 0)
    tap(page, "low", 1)
    tap(page, "jack", 1)
    tap(page, "game", 1)
    save(page, 4)
    assert totals(page) == [7, 6]
    expect(page.locator("#round-entry")).to_have_count(0)
    expect(page.locator("#winners h2")).to_contain_text("Anne & Sylvie")
    expect(page.locator("#winners h2")).not_to_contain_text("Julien")
    expect(page.locator("#winners p").first).to_contain_text("Haut")  # the point that won it, in French
    expect(page.locator("#scoreboard #round-4 .af-win")).to_have_text("H")
    expect(page.locator("#scoreboard #round-4 s.af-off")).to_have_count(3)  # Low, Jack and Game struck through
    assert fits(page, 360), "the end screen scrolls sideways at 360 px"


def test_four_long_names_each_alone_fit_a_narrow_phone(page: Page, live_server):
    names = ["Maximilien-Alexandre", "Bartholomew", "Anne-Sophie", "Jean-Christophe"]
    start_game(page, live_server, "all-fours", names, chips={"option.teams": "no"})
    expect(page.locator("#round-entry")).to_be_visible()
    expect(page.locator("#scoreboard thead th")).to_have_count(5)  # each alone: four sides
    tap(page, "game", "points")
    press(page, "#reneges summary")
    tap(page, "renege.3", "major")
    assert fits(page, 360), "the hand form scrolls sideways at 360 px"


def test_a_hand_without_javascript(no_js_phone: Page, live_server):
    page = no_js_phone
    start_game(page, live_server, "all-fours", ["Anne", "Julien", "Sylvie"], dealer=0)
    expect(page.locator("button.af-step").first).to_be_hidden()  # steppers need the script
    tap(page, "turn_up.0", "6")
    tap(page, "high", 2)
    tap(page, "low", 0)
    tap(page, "jack", "none")
    tap(page, "game", "points")
    for side, value in enumerate([12, 30, 5]):
        points_of(page, side, value)
    save(page, 1)
    assert totals(page) == [2, 1, 1]  # Anne dealt the Six
    # a refused hand comes back with the message and what was tapped
    tap(page, "turn_up.0", "Q")
    tap(page, "high", 1)
    tap(page, "low", "none")
    tap(page, "jack", "none")
    tap(page, "game", "tie")
    press(page, "#round-entry button[type=submit]")
    expect(page.locator("#round-form #first-error")).to_contain_text("Manche 2")
    expect(page.locator("input[name='high'][value='1']")).to_be_checked()
    assert totals(page) == [2, 1, 1]
