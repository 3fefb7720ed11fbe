"""Between the rounds at a real table, on a 390x844 phone (issue 14, items 12-15): a typo in a name fixed after
the end (every round kept, the board and the sheet show the new name), the score sheet downloaded beside the
app rather than replacing it, the home page leading with the games in progress, and ALL or NOTHING's
"Everyone else: NOTHING". One visit per test checks several things; the page is in French (the phone's)."""

import pytest
from playwright.sync_api import Page, expect

from .helpers import chip, enter_seats, open_game, shot, submit_step, tap, totals

pytestmark = pytest.mark.browser


def test_a_player_renamed_after_the_end_keeps_every_round_and_the_sheet_downloads_beside_the_app(
    page: Page, live_server
):
    game = open_game(page, live_server, "tout-ou-rien", ["Anne", "Julein", "Sylvie"], options={"hands": "2 1"})
    enter_seats(page, "open", ["secret", "open", "secret"])
    tap(page, "bids.1", 1)
    submit_step(page, "tricks")
    enter_seats(page, "bids", [1, None, 0])  # the secret bids, after the hand
    enter_seats(page, "tricks", [1, 1, 0])
    submit_step(page, "bids", number=1)
    enter_seats(page, "open", ["secret"] * 3)
    submit_step(page, "tricks")  # round 2, all secret
    enter_seats(page, "bids", [0, 1, 0])
    enter_seats(page, "tricks", [0, 1, 0])
    submit_step(page, number=2)
    expect(page.locator("#winners h2")).to_contain_text("Julein")
    before = totals(page)

    page.locator("#rename-players").click()
    expect(page.locator("#players-form")).to_be_visible()
    shot(page, "table-rename")
    page.locator("#player-1").fill("Julien")
    page.locator("#player-2").fill("anne")  # the same name as Anne's: refused, naming it
    page.locator("#players-form button[type=submit]").click()
    expect(page.locator("#players-form .errors")).to_contain_text("anne")
    shot(page, "table-rename-refused")
    page.locator("#player-2").fill("Sylvie")
    page.locator("#players-form button[type=submit]").click()
    page.wait_for_url(game)
    expect(page.locator("#scoreboard thead th").nth(2)).to_contain_text("Julien")
    expect(page.locator("#winners h2")).to_contain_text("Julien")
    assert totals(page) == before and page.locator("#scoreboard tbody tr[id^=round-]").count() == 2

    with page.expect_download() as download:
        page.locator("#score-sheet").click()
    assert download.value.suggested_filename.startswith("Feuille de marque - Tout ou rien - Anne, Julien, Sylvie")
    assert page.url == game  # the app stayed in its tab
    expect(page.locator("#winners")).to_be_visible()

    page.goto(live_server + "/")
    won = page.locator("#my-games .saved li").first
    expect(won).to_contain_text("Julien")
    expect(won.locator(".state")).to_contain_text("Gagnant")
    shot(page, "table-home-finished", full_page=True)


def test_everyone_else_nothing_fills_the_rest_visibly_and_the_home_page_leads_with_the_game(page: Page, live_server):
    game = open_game(page, live_server, "all-or-nothing", ["Anne", "Julien", "Sylvie", "Pierre", "Chloé"])
    tap(page, "bids.2", "all")  # "Sylvie ALL, everyone else NOTHING"
    page.locator("#round-entry button[name=fill]").click()
    for seat in (0, 1, 3, 4):
        expect(page.locator(f"input[name='bids.{seat}'][value='nothing']")).to_be_checked()
        expect(page.locator(f"#player-{seat} .filled")).to_be_visible()
    expect(page.locator("input[name='bids.2'][value='all']")).to_be_checked()
    expect(page.locator("#player-2 .filled")).to_be_hidden()
    expect(page.locator("#round-entry input[name=step]")).to_have_value("bids")  # nothing saved yet
    chip(page, "bids.4", "all").click()  # the scorer sees Chloé bid ALL too: her mark goes
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
