"""A club night's screens pass the accessibility audit (audit.py) in both themes: the new night's form, refused,
the night with no table, a new game for the night, the night with a table playing and one finished, the big
screen and the join link. The tables are any game's sample, played through the phone's cookies. A whole club night
played on phones, to the leaderboard, the sheet, the CSV and the big screen, in three languages, is one game's own
test (its numbers are worked out by hand for that game): test_club_night.py in that game's folder."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests import pick
from tests.samples import sample, setup_fields

from .audit import Audit

pytestmark = pytest.mark.browser

PLAYING = FINISHED = pick.game()  # any game: a table just started, and its sample game (finished) at another


def test_every_screen_of_a_club_night_is_accessible_in_both_themes(phone: Page, live_server):
    audit = Audit(phone)
    phone.goto(live_server + "/events/new")
    audit("new club night")
    phone.locator("#event-name").fill("   ")  # spaces pass the browser's `required`, not the server
    phone.locator("#event-form button[type=submit]").click()
    expect(phone.locator("#event-form .errors")).to_be_visible()
    audit("new club night refused")
    phone.locator("#event-name").fill("Club")
    phone.locator("#event-form button[type=submit]").click()
    expect(phone.locator("#event-head h1")).to_have_text("Club")  # the night's page, loaded: not mid-navigation
    event_url = phone.url
    audit("club night, no table")
    event_id = event_url.rsplit("/", 1)[1]
    playing: dict[str, str | float | bool] = {**setup_fields(sample(PLAYING).GAME), "event": event_id}
    answer = phone.request.post(f"{live_server}/new/{PLAYING}", form=playing)
    assert answer.ok
    phone.goto(f"{live_server}/new/{FINISHED}?event={event_id}")
    audit("new game for the club night")
    finished = sample(FINISHED).GAME  # a second table, played to the end
    answer = phone.request.post(f"{live_server}/new/{FINISHED}", form={**setup_fields(finished), "event": event_id})
    game = answer.url
    for number, rnd in enumerate(finished["rounds"], start=1):
        for step_, fields in sample(FINISHED).posts(rnd, finished):
            sent = phone.request.post(f"{game}/rounds", form={"number": str(number), "step": step_, **fields})
            assert sent.ok, sent.text()[:300]
    phone.goto(event_url)
    expect(phone.locator("table#leaderboard")).to_be_visible()
    audit("club night, a table playing and one finished")
    phone.goto(event_url + "/screen")
    audit("big screen")
    phone.context.clear_cookies()  # another table's phone opens the join link
    phone.goto(event_url + "/join")
    audit("join link")
    assert not audit.problems, audit.report()
