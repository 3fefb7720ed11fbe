"""ALL or NOTHING in a real browser on a phone: a game tapped in from the home page that ends early on a
made ALL, a correction of round 2, the live trick count, the 360 px screen, and "Everyone else: NOTHING" (with the
home page leading with the game in progress; moved from the shared tests/browser/test_table.py).

The page is in French (the fr-FR phone's language); tests read ids, input names and numbers, and only
the players' own names as text."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import (
    board_rounds,
    chip_selector,
    cut_off,
    enter_seats,
    fits,
    open_game,
    press,
    round_totals,
    shot,
    start_game,
    submit_step,
    tap,
    totals,
)

pytestmark = pytest.mark.browser

P4 = ["Anne", "Julien", "Sylvie", "Marc"]
P6 = ["Anne", "Julien", "Sylvie", "Maximilien", "Chloé", "Bartholomew"]
N, A = "nothing", "all"

# Four players, 10 cards, everyone from 100; lowest wins. Per round: bids, tricks, reneges, then the totals.
# NOTHING: -20 with no trick, else +10 a trick. ALL: -100 with every trick, else +10 a trick the others took.
# Each renege +20.
GAME = [
    ([N, N, A, N], [0, 1, 9, 0], [0, 0, 0, 1], [80, 110, 110, 100]),  # -20, +10, +10, -20+20
    ([N, A, N, N], [2, 8, 0, 0], [0, 0, 0, 0], [100, 130, 90, 80]),  # +20, +20, -20, -20
    ([A, N, N, N], [10, 0, 0, 0], [0, 0, 0, 0], [0, 110, 70, 60]),  # ALL made: -100, Anne at 0
]


def play_round(page: Page, number: int, bids, tricks, reneges) -> None:
    """Tap in one round: the bids, then the tricks and reneges."""
    enter_seats(page, "bids", bids)
    submit_step(page, "tricks")
    enter_seats(page, "tricks", tricks)
    enter_seats(page, "reneges", [r if r else None for r in reneges])  # 0 is already chosen
    submit_step(page, number=number)


def test_a_made_all_ends_the_game_early_then_a_correction_changes_the_totals(page: Page, live_server):
    start_game(page, live_server, "all-or-nothing", P4, dealer=0)
    expect(page.locator("#round-form .deal")).to_contain_text("10")
    assert totals(page) == [100] * 4
    for number, (bids, tricks, reneges, after) in enumerate(GAME, start=1):
        play_round(page, number, bids, tricks, reneges)
        assert totals(page) == after, f"after round {number}"
    assert board_rounds(page) == 3  # of 10 hands: a score at 0 ends it
    expect(page.locator("#round-entry")).to_have_count(0)
    winner = page.locator("#winners h2")
    expect(winner).to_contain_text("Anne")
    for other in P4[1:]:
        expect(winner).not_to_contain_text(other)
    expect(page.locator("#scoreboard tfoot td.lead")).to_have_count(1)

    press(page, "#scoreboard #round-2 th a")
    expect(page.locator("input[name='bids.1'][value='all']")).to_be_checked()  # what was entered
    tap(page, "tricks.0", 1)  # Anne took 1 trick, not 2: +10
    tap(page, "tricks.1", 9)  # Julien's ALL missed one trick, not two: +10
    press(page, "#round-form button[type=submit]")
    expect(page.locator("#scoreboard #round-2")).to_be_visible()
    assert round_totals(page, 2) == [90, 120, 90, 80]
    assert totals(page) == [-10, 100, 70, 60]  # scores are not clamped at 0
    expect(page.locator("#scoreboard tfoot td").first).to_have_text("\u221210")  # a true minus sign
    expect(page.locator("#winners h2")).to_contain_text("Anne")


def test_the_trick_count_follows_the_taps(page: Page, live_server):
    open_game(page, live_server, "all-or-nothing", P4)
    enter_seats(page, "bids", [N, N, N, A])
    submit_step(page, "tricks")
    output = page.locator("#round-entry .live-count output")
    expect(output).to_have_text("–")  # neutral until a trick is tapped
    tap(page, "tricks.3", 7)
    expect(output).to_have_text("7")
    tap(page, "reneges.3", 2)  # reneges are not tricks
    expect(output).to_have_text("7")
    tap(page, "tricks.0", 3)
    expect(output).to_have_text("10")
    expect(page.locator("#round-entry .live-count")).to_contain_text("✓")


def test_six_players_fit_a_360_px_phone(page: Page, live_server):
    open_game(page, live_server, "all-or-nothing", P6, dealer=3)
    expect(page.locator("#round-form .deal")).to_contain_text("8")  # 8 cards with 5 or 6 players
    assert fits(page, 360), "the bids step scrolls sideways"
    enter_seats(page, "bids", [N, N, N, N, N, A])
    submit_step(page, "tricks")
    assert fits(page, 360), "the tricks step scrolls sideways"
    enter_seats(page, "tricks", [1, 0, 0, 0, 0, 7])
    tap(page, "reneges.1", 1)
    submit_step(page, "bids", number=1)
    assert totals(page) == [110, 100, 80, 80, 80, 110]
    assert fits(page, 360), "the board scrolls sideways"
    assert cut_off(page, "#scoreboard .tot") == []  # totals are never cut, even at 360 px


def test_everyone_else_nothing_fills_the_rest_visibly_and_the_home_page_leads_with_the_game(page: Page, live_server):
    game = open_game(page, live_server, "all-or-nothing", ["Anne", "Julien", "Sylvie", "Pierre", "Chloé"])
    tap(page, "bids.2", "all")  # "Sylvie ALL, everyone else NOTHING"
    press(page, "#round-entry button[name=fill]")
    for seat in (0, 1, 3, 4):
        expect(page.locator(f"input[name='bids.{seat}'][value='nothing']")).to_be_checked()
        expect(page.locator(f"#player-{seat} .filled")).to_be_visible()
    expect(page.locator("input[name='bids.2'][value='all']")).to_be_checked()
    expect(page.locator("#player-2 .filled")).to_be_hidden()
    expect(page.locator("#round-entry input[name=step]")).to_have_value("bids")  # nothing saved yet
    press(page, chip_selector("bids.4", "all"))  # the scorer sees Chloé bid ALL too: her mark goes
    expect(page.locator("#player-4 .filled")).to_be_hidden()
    page.locator("#round-form").scroll_into_view_if_needed()
    shot(page, "table-fill")
    submit_step(page, "tricks")
    expect(page.locator("#player-4 legend .bid")).to_contain_text("TOUT")
    expect(page.locator("#player-0 legend .bid")).to_contain_text("RIEN")

    page.goto(live_server + "/")
    going = page.locator("#in-progress .saved li")
    expect(going).to_have_count(1)
    expect(going.locator(".state")).to_contain_text("Manche 1")
    assert page.locator("#in-progress").bounding_box()["y"] < page.locator("#new-game").bounding_box()["y"]
    shot(page, "table-home")
    going.locator("a").click()
    page.wait_for_url(game)
