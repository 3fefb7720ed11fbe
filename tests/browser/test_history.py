"""On a phone (390x844): from a finished game to its rematch, and to a player's record."""

import json
import re

import pytest
from playwright.sync_api import Page, expect

from tests.samples import sample

pytestmark = pytest.mark.browser


def test_from_a_finished_game_to_the_rematch_and_a_players_record(page: Page, live_server: str):
    page.goto(live_server + "/lang/en?next=/")
    answer = page.request.post(
        live_server + "/games/import",
        data=json.dumps(sample("tout-ou-rien").full_game()),
        headers={"Content-Type": "application/json"},
        max_redirects=0,
    )
    finished = live_server + answer.headers["location"]
    page.goto(finished)
    expect(page.locator("#winners")).to_contain_text("Łukasz")
    chart = page.locator("svg.score-chart")
    expect(chart).to_be_visible()
    assert chart.bounding_box()["width"] <= 390  # the chart fits the phone

    page.locator("#rematch button").click()
    page.wait_for_url(re.compile(r"/games/[^/?#]+$"))
    assert page.url != finished
    expect(page.locator(".game-head")).to_contain_text("Zoë · Łukasz · Őrs · François")
    expect(page.locator("#round-form .deal")).to_contain_text("Łukasz")  # the deal passed on one seat
    expect(page.locator("#winners")).to_have_count(0)

    page.goto(finished)
    page.locator(".after-game .player-links a", has_text="Łukasz").click()
    page.wait_for_url(re.compile(r"/players/"))
    expect(page.locator("h1")).to_have_text("Łukasz")
    record = page.locator("#record-tout-ou-rien")
    expect(record).to_contain_text("Games played")
    expect(record.locator("dd").first).to_have_text("1")  # the rematch is not over: only the finished game counts
    expect(page.locator("#player-games li")).to_have_count(2)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
