"""A store that cannot take a round in time, on a 390x844 phone: another change holds the game (a save on an
app server that hangs, a store restarting), so the save is answered 503 after STORE_WAIT_SECONDS. The phone
says nothing was changed, keeps the taps on screen, and sends them again by itself once the store answers:
the round is stored once, with what was tapped. Played once, on a game whose round has two saves (the bids,
then the tricks): the store refuses the second, the round's own row, after the first went through; every game's
save meets the store the same way."""

from __future__ import annotations

import json
import sqlite3

import pytest
from playwright.sync_api import expect

from tests import pick
from tests.samples import sample

from .helpers import first_retry_due, open_game, set_fields, shows, submit_step
from .touch import press

pytestmark = pytest.mark.browser

GAME = pick.game(pick.bids_first)


def test_a_round_the_store_could_not_take_goes_by_itself_once_it_can(clocked, app, live_server):
    page = clocked()  # its clock moved on past the wait before the retry (first_retry_due)
    app.config["STORE_WAIT_SECONDS"] = 0.1  # 8 s at the table; the least it may be (settings.py), for a quick 503
    taps = sample(GAME).TAPS
    url = open_game(page, live_server, GAME, taps.players, options=taps.options)
    set_fields(page, taps.steps[0])
    submit_step(page, expect_step="tricks")
    set_fields(page, taps.steps[1])
    holder = sqlite3.connect(app.config["DATABASE"], isolation_level=None)  # another change, holding the file
    try:
        holder.execute("BEGIN IMMEDIATE")
        press(page, "#round-entry button[type=submit]")
        expect(page.locator("#flash")).to_contain_text("rien n’a été changé")
        shows(page, taps.steps[1])  # the taps wait on screen
        expect(page.locator("#scoreboard #round-1")).not_to_be_attached()
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    first_retry_due(page)
    expect(page.locator("#scoreboard #round-1")).to_be_attached(timeout=10_000)  # sent again by itself
    stored = json.loads(page.request.get(f"{url}/export.json").text())
    assert [{k: r[k] for k in taps.stored} for r in stored["rounds"]] == [taps.stored]
