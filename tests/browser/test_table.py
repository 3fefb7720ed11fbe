"""Between the rounds at a real table, on a 390x844 phone (issue 14, items 12-15): a typo in a name fixed after
the end (every round kept, the board and the sheet show the new name), the score sheet downloaded beside the
app rather than replacing it, and the home page with the finished game. One visit checks several things; the page
is in French (the phone's). Any game's finished sample of three with one winner, the typo in the winner's name.
One game's "Everyone else" button, which fills in the usual bid for the players not tapped, is drawn by that game
alone: its test is in that game's folder (test_browser.py)."""

import pytest
from playwright.sync_api import Page, expect

from scorekeeper import rules
from scorekeeper.i18n import translate
from tests import pick
from tests.samples import expected, sample

from .helpers import import_game, shot, totals
from .touch import press

pytestmark = pytest.mark.browser


def one_winner(bundle) -> bool:
    """Its sample game (a table of three) ends with one winner."""
    return len(expected(sample(bundle.id).GAME)["winners"]) == 1


SAMPLE = sample(pick.game(pick.sample_players(3), one_winner)).GAME  # finished, one winner of three
WON = SAMPLE["players"].index(expected(SAMPLE)["winners"][0])  # the winner's seat, where the typo goes
_OTHERS = iter(["Anne", "Sylvie"])
NAMES = ["Julien" if seat == WON else next(_OTHERS) for seat in range(3)]  # as the names should be, by seat
GAME = {**SAMPLE, "players": ["Julein" if name == "Julien" else name for name in NAMES]}  # the typo: Julein
OTHER = next(seat for seat in range(3) if seat != WON)  # a seat given another's name, refused


def test_a_player_renamed_after_the_end_keeps_every_round_and_the_sheet_downloads_beside_the_app(
    page: Page, live_server
):
    game = import_game(page, live_server, GAME)
    page.goto(game)
    expect(page.locator("#winners h2")).to_contain_text("Julein")
    before = totals(page)

    press(page, "#rename-players")
    expect(page.locator("#players-form")).to_be_visible()
    shot(page, "table-rename")
    page.locator(f"#player-{WON}").fill("Julien")
    taken = next(name for seat, name in enumerate(NAMES) if seat not in (WON, OTHER)).lower()
    page.locator(f"#player-{OTHER}").fill(taken)  # the same name as another's but for its case: refused, naming it
    press(page, "#players-form button[type=submit]")
    expect(page.locator("#players-form .errors")).to_contain_text(taken, ignore_case=True)
    shot(page, "table-rename-refused")
    page.locator(f"#player-{OTHER}").fill(NAMES[OTHER])
    press(page, "#players-form button[type=submit]")
    page.wait_for_url(game)
    expect(page.locator("#scoreboard thead")).to_contain_text("Julien")
    expect(page.locator("#scoreboard thead")).not_to_contain_text("Julein")
    expect(page.locator("#winners h2")).to_contain_text("Julien")
    assert totals(page) == before and page.locator("#scoreboard tbody tr[id^=round-]").count() == len(GAME["rounds"])

    with page.expect_download() as download:
        press(page, "#score-sheet")
    name = translate(rules.get(GAME["rules"]).name, "fr")
    assert download.value.suggested_filename.startswith(f"Feuille de marque - {name} - {', '.join(NAMES)}")
    assert page.url == game  # the app stayed in its tab
    expect(page.locator("#winners")).to_be_visible()

    page.goto(live_server + "/")
    won = page.locator("#my-games .saved li").first
    expect(won).to_contain_text("Julien")
    expect(won.locator(".state")).to_contain_text("Gagnant")
    shot(page, "table-home-finished", full_page=True)
