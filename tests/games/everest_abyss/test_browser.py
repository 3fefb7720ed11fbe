"""Everest & Abyss in a real phone-sized browser: stake chips and the growing pot, tapis, folds, the numbers
and Big Boss previewed, rounds saved until a player is out, the tokens on the table never changing, and
nothing scrolling sideways at 360 px. Locators are structural, so they hold in French and English."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import press, start_game, submit_step, tap, totals

pytestmark = pytest.mark.browser

NAMES = ["Anne", "Julien", "Sylvie"]


def hand(page: Page, seat: int, a: int, b: int) -> None:
    """Tap a player's two digits."""
    tap(page, f"hands.{seat}.0", a)
    tap(page, f"hands.{seat}.1", b)


def bank(page: Page) -> int:
    """The tokens on the table the board announces (Σ n)."""
    return int(re.sub(r"\D", "", page.locator("#scoreboard .ea-sum").inner_text()))


def save(page: Page, number: int) -> None:
    """Tap the big button and wait for the round on the board."""
    submit_step(page, number=number)  # and the next form arrived


def test_play_until_a_player_is_out(page: Page, live_server):
    start_game(page, live_server, "everest-abyss", NAMES, options={"tokens": 10})  # Anne deals first
    pot = page.locator(".ea-pot output")
    assert totals(page) == [10, 10, 10] and bank(page) == 30  # the totals row: the tokens each player holds

    # round 1, Anne deals: a stake is one tap on its chip, the pot grows as they are entered
    expect(page.locator("#player-1 .ea-stakes label.chip")).to_have_count(10)
    tap(page, "cote", "everest")
    tap(page, "staked.1", 1)
    expect(page.locator(".ea-pot")).to_have_text(re.compile(r"\b1 jeton$"))  # the word follows the count
    tap(page, "staked.1", 3)
    expect(pot).to_have_text("3")
    expect(page.locator(".ea-pot")).to_have_text(re.compile(r"\b3 jetons$"))
    tap(page, "staked.2", 3)
    tap(page, "staked.0", 4)
    expect(pot).to_have_text("10")
    tap(page, "staked.0", 3)  # changed her mind: one tap again
    expect(pot).to_have_text("9")
    # the winner from the cards: Julien's 65 ties Sylvie's; Julien bets first, so Big Boss gives it to him
    tap(page, "winner", "cards")
    expect(page.locator("#cards")).to_have_attribute("open", "")
    hand(page, 1, 6, 5)
    hand(page, 2, 5, 6)
    hand(page, 0, 1, 1)
    expect(page.locator("#hand-1 .ea-number")).to_have_text("65")
    expect(page.locator("#hand-2 .ea-number")).to_have_text("65")
    expect(page.locator("#hand-0 .ea-number")).to_have_text("11")
    verdict = page.locator("[data-ea-verdict]")
    expect(verdict).to_contain_text("Big Boss")
    expect(verdict).to_contain_text("Julien et Sylvie ont tous les deux 65")  # two players: both, not all
    save(page, 1)
    assert totals(page) == [7, 16, 7] and sum(totals(page)) == bank(page) == 30
    expect(page.locator("#round-1 .ea-boss")).to_have_count(1)

    # round 2, Julien deals: Sylvie goes tapis with all 7, Anne folds, Julien takes the pot
    expect(page.locator("#round-entry input[name=number]")).to_have_value("2")
    tap(page, "cote", "abyss")
    tapis = page.locator("#player-2 [data-ea-tapis]")
    tap(page, "staked.2", 6)
    expect(tapis).to_be_hidden()
    # the chips stop at what she holds, and say so: the last one is tapis
    expect(page.locator("#player-2 .ea-stakes label.chip")).to_have_count(7)
    expect(page.locator("#player-2 .ea-stakes label.chip").last).to_contain_text("7")
    expect(page.locator("#stake-why-2")).to_contain_text("Sylvie")
    tap(page, "staked.2", 7)
    expect(tapis).to_be_visible()
    tap(page, "staked.0", 2)
    press(page, "#player-0 .ea-fold-chip")
    expect(page.locator("input[name=winner][value='0']")).to_be_disabled()
    tap(page, "staked.1", 7)
    expect(pot).to_have_text("16")
    tap(page, "winner", 1)
    save(page, 2)
    assert totals(page) == [5, 25, 0] and sum(totals(page)) == bank(page) == 30

    # the board sets Sylvie apart: marked out, greyed, and gone from the next round's form
    expect(page.locator("#round-2 .ea-outmark.ea-out-2")).to_have_count(1)
    expect(page.locator("#round-2 .ea-tapis-mark")).to_have_count(1)
    # greyed and struck through (in the muted colour, still 4.5:1, rather than faded below it)
    look = "th => [getComputedStyle(th).color, getComputedStyle(th).textDecorationLine]"
    out, still_in = (page.locator("#scoreboard thead th").nth(k).evaluate(look) for k in (3, 2))
    assert out[1] == "line-through" and out[0] != still_in[0]
    expect(page.locator(".deal .ea-out-line")).to_contain_text("Sylvie")
    expect(page.locator("#round-entry input[name='staked.2']")).to_have_count(0)
    expect(page.locator(".deal .ea-order")).to_contain_text("Anne")
    expect(page.locator(".deal .ea-order .ea-who")).to_have_count(2)

    # a refused round says why and keeps the board as it was
    tap(page, "cote", "everest")
    tap(page, "staked.1", 1)  # Anne's stake forgotten
    tap(page, "winner", 0)
    press(page, "#round-entry button[type=submit]")
    expect(page.locator("#round-form #first-error")).to_contain_text("Anne")
    assert totals(page) == [5, 25, 0] and sum(totals(page)) == 30

    # nothing scrolls sideways on a narrow phone
    page.set_viewport_size({"width": 360, "height": 800})
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.locator("#round-entry").scroll_into_view_if_needed()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
