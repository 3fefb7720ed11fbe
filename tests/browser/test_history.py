"""On a phone (390x844): from a finished game to its rematch, and to a player's record. Any game's: the history,
the rematch and the record are the same pages for every game; what the test expects (the winners, the rematch's
first dealer) it reads from the game's sample and rules."""

import json
import re

import pytest
from playwright.sync_api import Page, expect

from scorekeeper import gamefile, rules
from scorekeeper.rules import Game
from tests import pick
from tests.samples import expected, sample

from .touch import press

pytestmark = pytest.mark.browser

GAME = pick.game()


def passed_on(document: dict) -> str:
    """Who deals first in a rematch: the game's first deal passed on one seat, the way its rules pass it."""
    game, r = gamefile.from_document(document), rules.get(document["rules"])
    fresh = Game(game.rules, list(game.players), dict(game.options), game.first_dealer)
    return game.players[r.next_dealer(fresh, r.start(fresh), game.first_dealer)]


def test_from_a_finished_game_to_the_rematch_and_a_players_record(page: Page, live_server: str):
    page.goto(live_server + "/lang/en?next=/")
    document = sample(GAME).full_game()
    players = document["players"]
    answer = page.request.post(
        live_server + "/games/import",
        data=json.dumps(document),
        headers={"Content-Type": "application/json"},
        max_redirects=0,
    )
    finished = live_server + answer.headers["location"]
    page.goto(finished)
    for winner in expected(document)["winners"]:
        expect(page.locator("#winners")).to_contain_text(winner)
    chart = page.locator("svg.score-chart")
    expect(chart).to_be_visible()
    assert chart.bounding_box()["width"] <= 390  # the chart fits the phone

    table = page.locator(".game-head").inner_text()
    assert all(name in table for name in players), table
    press(page, "#rematch button")
    page.wait_for_url(lambda url: url != finished and re.search(r"/games/[^/?#]+$", url) is not None)
    assert page.url != finished
    expect(page.locator(".game-head")).to_have_text(table)  # the same table, in the same seats
    expect(page.locator("#round-form .deal")).to_contain_text(passed_on(document))  # the deal passed on one seat
    expect(page.locator("#winners")).to_have_count(0)

    page.goto(finished)
    page.locator(".after-game .player-links a", has_text=players[1]).click()
    page.wait_for_url(re.compile(r"/players/"))
    expect(page.locator("h1")).to_have_text(players[1])
    record = page.locator(f"#record-{GAME}")
    expect(record).to_contain_text("Games played")
    expect(record.locator("dd").first).to_have_text("1")  # the rematch is not over: only the finished game counts
    expect(page.locator("#player-games li")).to_have_count(2)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
