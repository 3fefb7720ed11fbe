"""Tout ou rien in a real browser on a phone: a whole game tapped in from the home page, a correction,
the live trick count, a refused round, the narrowest screen, and the same entry with JavaScript off.

The page is in French (the fr-FR phone's language); tests read ids, input names and numbers, and only
the players' own names as text."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import (
    arrived,
    board_rounds,
    chip,
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

P3 = ["Anne", "Julien", "Sylvie"]
P6 = ["Anne", "Julien", "Sylvie", "Maximilien", "Chloé", "Bartholomew"]

# The default game: hands 6 5 4 3 4 5 6. Per round: bids, open bids (seats), tricks, then the totals.
# Secret: 1 a trick, +3 if exact. Open: 2 a trick + 3 if exact, else 0.
GAME = [
    ([2, 3, 1], {1}, [2, 3, 1], [5, 9, 4]),  # 5, open 3 made 9, 4
    ([1, 2, 2], {2}, [2, 2, 1], [7, 14, 4]),  # secret missed 2, 5, open missed 0
    ([0, 1, 3], {2}, [0, 1, 3], [10, 18, 13]),  # 3, 4, open 3 made 9
    ([1, 1, 1], set(), [1, 1, 1], [14, 22, 17]),  # 4 each
    ([2, 1, 1], {0}, [2, 1, 1], [21, 26, 21]),  # open 2 made 7, 4, 4
    ([3, 1, 0], set(), [3, 2, 0], [27, 28, 24]),  # 6, missed 2, 3
    ([2, 2, 2], {1}, [2, 1, 3], [32, 28, 27]),  # 5, open missed 0, missed 3
]


def play_round(page: Page, number: int, bids, opens, tricks) -> None:
    """Tap in one round as the table plays it: before the hand who bids openly and their bids; after it,
    the secret bid cards turned up and the tricks."""
    enter_seats(page, "open", ["open" if seat in opens else "secret" for seat in range(len(bids))])
    enter_seats(page, "bids", [b if seat in opens else None for seat, b in enumerate(bids)])
    submit_step(page, "tricks")
    enter_seats(page, "bids", [None if seat in opens else b for seat, b in enumerate(bids)])
    enter_seats(page, "tricks", tricks)
    submit_step(page, number=number)


def secret_bids_come_after_the_hand(page: Page) -> None:
    """Round 1 of GAME: step 1 shows a bid row only to the open player; "Change the bids" from step 2
    brings back the open bid and no secret one (none was taken); the secret bids go in with the tricks."""
    expect(page.locator("#player-0 .open-bid")).to_be_hidden()  # no bid row before Open is tapped
    enter_seats(page, "open", ["secret", "open", "secret"])
    expect(page.locator("#player-1 .open-bid")).to_be_visible()
    tap(page, "bids.1", 3)
    submit_step(page, "tricks")
    expect(page.locator("#player-1 legend .bid.open")).to_contain_text("3")
    expect(page.locator("#player-1 input[name='bids.1']")).to_have_count(0)  # an open bid is not asked again
    shot(page, "table-tor-step2", full_page=True)
    press(page, "#round-entry .step a")  # Change the bids
    expect(page.locator("#round-entry input[name=step]")).to_have_value("bids")
    expect(page.locator("input[name='bids.1'][value='3']")).to_be_checked()
    expect(page.locator("#round-entry input[name^='bids.']:checked")).to_have_count(1)  # no secret bid early
    expect(page.locator("#player-2 .open-bid")).to_be_hidden()
    shot(page, "table-tor-step1", full_page=True)
    submit_step(page, "tricks")
    submit_step(page, "tricks")  # the secret bids are missing: refused, naming them
    expect(page.locator("#player-0 .field-error").first).to_be_visible()  # Anne's and Sylvie's, beside them
    expect(page.locator("#player-2 .field-error").first).to_be_attached()
    arrived(page)
    shot(page, "table-tor-refused", full_page=True)
    assert board_rounds(page) == 0


def test_a_whole_game_then_a_correction_changes_the_totals_and_the_winner(page: Page, live_server):
    start_game(page, live_server, "tout-ou-rien", P3, dealer=1)
    expect(page.locator("#round-form .deal")).to_contain_text("Julien")
    expect(page.locator("#round-form .deal")).to_contain_text("6")
    expect(page.locator("#round-entry fieldset legend").first).to_contain_text("Sylvie")  # left of the dealer
    secret_bids_come_after_the_hand(page)
    enter_seats(page, "bids", [2, None, 1])
    enter_seats(page, "tricks", [2, 3, 1])
    submit_step(page, number=1)
    assert totals(page) == GAME[0][3]
    for number, (bids, opens, tricks, after) in enumerate(GAME[1:], start=2):
        play_round(page, number, bids, opens, tricks)
        assert totals(page) == after, f"after round {number}"
    assert board_rounds(page) == 7
    expect(page.locator("#round-entry")).to_have_count(0)
    # 14 steps swapped in place (static/swap.js): one form and one board, never one inside the other
    assert page.locator("#round-form").count() == page.locator("#scoreboard").count() == 1
    assert page.locator("#round-form #round-form, #scoreboard #scoreboard").count() == 0
    winner = page.locator("#winners h2")
    expect(winner).to_contain_text("Anne")
    expect(winner).not_to_contain_text("Julien")
    expect(winner).not_to_contain_text("Sylvie")
    expect(page.locator("#winners .standings li").first).to_contain_text("32")

    press(page, "#scoreboard #round-2 th a")
    expect(page.locator("#round-form h1")).to_contain_text("2")
    expect(page.locator("input[name='tricks.0'][value='2']")).to_be_checked()  # what was entered
    tap(page, "tricks.1", 1)  # Julien took 1, not 2: his secret 2 missed, 1 point instead of 5
    tap(page, "tricks.2", 2)  # Sylvie took 2: her open 2 made, 7 points instead of 0
    expect(page.locator("#round-form .live-count output")).to_have_text("5")
    press(page, "#round-form button[type=submit]")
    expect(page.locator("#scoreboard #round-2")).to_be_visible()
    assert round_totals(page, 2) == [7, 10, 11]
    assert totals(page) == [32, 24, 34]
    winner = page.locator("#winners h2")
    expect(winner).to_contain_text("Sylvie")
    expect(winner).not_to_contain_text("Anne")


def test_the_trick_count_follows_the_taps(page: Page, live_server):
    open_game(page, live_server, "tout-ou-rien", P3)
    enter_seats(page, "open", ["secret"] * 3)
    submit_step(page, "tricks")
    enter_seats(page, "bids", [1, 1, 1])  # the secret bids: not counted as tricks
    count = page.locator("#round-entry .live-count")
    expect(count.locator("output")).to_have_text("–")  # neutral until a trick is tapped: nothing is missing yet
    expect(count).not_to_have_class(re.compile(r"\bbad\b"))
    tap(page, "tricks.0", 2)
    expect(count.locator("output")).to_have_text("2")
    expect(count).to_have_class(re.compile(r"\bbad\b"))
    tap(page, "tricks.1", 3)
    expect(count.locator("output")).to_have_text("5")
    expect(count).not_to_contain_text("✓")
    tap(page, "tricks.2", 2)
    expect(count.locator("output")).to_have_text("7")
    tap(page, "tricks.2", 1)  # changing a player's chip replaces their count
    expect(count.locator("output")).to_have_text("6")
    expect(count).to_contain_text("✓")
    expect(count).to_have_class(re.compile(r"\bok\b"))


def test_tricks_that_do_not_add_up_are_refused_in_view(page: Page, live_server):
    open_game(page, live_server, "tout-ou-rien", P6, dealer=5)
    enter_seats(page, "open", ["secret"] * 6)
    submit_step(page, "tricks")
    enter_seats(page, "bids", [1, 1, 1, 1, 1, 1])
    enter_seats(page, "tricks", [1, 1, 1, 1, 1, 2])  # 7 tricks of a 6-card hand
    press(page, "#round-entry button[type=submit]")
    errors = page.locator("#round-form .errors")
    expect(errors).to_contain_text("7")
    expect(errors).to_contain_text("6")
    expect(errors).to_be_in_viewport()  # the player tapped Save at the bottom of a long form
    arrived(page)  # the refused form's taps put back: a tap before that could be undone on a busy machine
    expect(page.locator("input[name='tricks.5'][value='2']")).to_be_checked()  # the taps are kept
    assert board_rounds(page) == 0 and totals(page) == [0] * 6
    tap(page, "tricks.5", 1)
    submit_step(page, "bids", number=1)
    assert totals(page) == [4] * 6


def test_six_players_fit_a_360_px_phone(page: Page, live_server):
    page.goto(live_server + "/new/tout-ou-rien")
    assert fits(page, 360), "the setup form scrolls sideways"
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, live_server, "tout-ou-rien", P6)
    enter_seats(page, "open", ["secret", "open", "secret", "secret", "secret", "secret"])
    assert fits(page, 360), "the bids step scrolls sideways"
    box = chip(page, "bids.1", 6).bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44, box
    tap(page, "bids.1", 2)
    submit_step(page, "tricks")
    enter_seats(page, "bids", [1, None, 0, 1, 1, 1])
    assert fits(page, 360), "the tricks step scrolls sideways"
    enter_seats(page, "tricks", [1, 2, 0, 1, 1, 1])
    submit_step(page, "bids", number=1)
    assert fits(page, 360), "the board scrolls sideways"
    page.set_viewport_size({"width": 390, "height": 844})
    assert cut_off(page, "#scoreboard .tot, #scoreboard .det > span") == []
    names = page.locator("#scoreboard thead th").all_inner_texts()
    assert any(n.startswith("Julien") for n in names)  # short names are written in full


def test_a_round_without_javascript(no_js_phone: Page, live_server):
    page = no_js_phone
    start_game(page, live_server, "tout-ou-rien", P3, dealer=2)
    expect(page.locator("#player-0 .open-bid")).to_be_hidden()  # the stylesheet alone shows the open bid's row
    enter_seats(page, "open", ["secret", "open", "secret"])
    tap(page, "bids.1", 2)
    submit_step(page, "tricks")  # a plain POST, then a redirect back to the game
    expect(page.locator("#round-entry .live-count output")).to_have_text("–")  # nothing ran
    enter_seats(page, "bids", [1, None, 0])
    enter_seats(page, "tricks", [1, 2, 3])
    submit_step(page, "bids", number=1)
    assert totals(page) == [4, 7, 3]  # secret 1 made: 1+3; open 2 made: 4+3; secret 0 missed: 3
    assert page.url.endswith("#round-form")


def test_a_one_card_hand_is_dealt_as_one_card(page: Page, live_server):
    """Tout ou rien allows hands of one card (the only game that does): the deal line says "1 carte", in the
    singular, and "2 cartes" for the next hand once another phone has saved the first (moved from the shared
    tests/browser/test_live.py: its numbers are this game's)."""
    url = open_game(page, live_server, "tout-ou-rien", P3, options={"hands": "1 2"})
    expect(page.locator("#round-form .deal")).to_contain_text("Anne donne 1 carte à chacun")
    posts = [
        ("bids", {"open.0": "open", "open.1": "open", "open.2": "open", "bids.0": "0", "bids.1": "1", "bids.2": "0"}),
        ("tricks", {"tricks.0": "0", "tricks.1": "1", "tricks.2": "0"}),
    ]
    for name, fields in posts:  # another phone saves round 1
        form: dict[str, str | float | bool] = {"number": "1", "step": name, **fields}
        answer = page.request.post(f"{url}/rounds", form=form, max_redirects=0)
        assert answer.status == 303, answer.text()[:300]
    expect(page.locator("#round-form .deal")).to_contain_text("Julien donne 2 cartes à chacun", timeout=3000)
