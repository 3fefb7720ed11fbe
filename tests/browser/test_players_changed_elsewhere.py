"""Taps kept for a round whose players then change on another phone (RULES.md section 8: a sit-out) never come back
on the new form: a round's fields are named by place, so the form drawn for the players left put the first
player's taps on the next player's place, and the last one's were lost; a save then stored them so, each under
another player (the form said whom it was drawn for, and it was the new one). The taps are cleared and the form
says so, once, as when another phone saved the step first. Played on the first game by id whose round is one
form and whose table may sit a player out, its sample's taps (offline.js is the same block for every game)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper import rules
from tests import pick
from tests.markup import parse
from tests.samples import sample

from .helpers import arrived, open_game, set_fields

pytestmark = pytest.mark.browser

FOLLOWS = 3000  # ms: what another phone saved shows within 3 s


def sits_out_one(bundle) -> bool:
    """A player of its sample's taps may sit a round out, the others playing on."""
    r = rules.get(bundle.id)
    return "sit_out" in r.lineup_changes and len(sample(bundle.id).TAPS.players) > r.min_players


GAME = pick.game(pick.one_form, sits_out_one)
# every field of the round form as the server drew it (a property put back by a script differs from its attribute)
AS_DRAWN = """() => [...document.querySelectorAll('#round-entry input, #round-entry select, #round-entry textarea')]
  .filter(e => !['hidden', 'submit', 'button'].includes(e.type))
  .every(e => ['radio', 'checkbox'].includes(e.type) ? e.checked === e.defaultChecked : e.value === e.defaultValue)"""


def test_taps_for_players_changed_elsewhere_are_cleared_and_said_not_moved_to_others(page: Page, live_server):
    taps = sample(GAME).TAPS
    url = open_game(page, live_server, GAME, taps.players, options=taps.options)
    arrived(page)
    set_fields(page, taps.steps[0])
    page.wait_for_function("() => Object.keys(localStorage).some(k => k.startsWith('scorekeeper:round:'))")
    version = parse(page.request.get(f"{url}/lineup").text()).first("input", name="version").attrs["value"]
    answer = page.request.post(  # another phone: the first player sits this round out
        f"{url}/lineup", form={"kind": "sit_out", "version": version, "sit_out": "0"}, max_redirects=0
    )
    assert answer.status == 303, answer.text()[:300]
    expect(page.locator("#saved-elsewhere")).to_contain_text("Manche 1 : les joueurs ont changé", timeout=FOLLOWS)
    expect(page.locator("#flash")).to_contain_text("les joueurs ont changé")  # said to screen readers too
    assert page.locator("#round-entry input:not([type=hidden])").count() > 0  # a form to look at
    assert page.evaluate(AS_DRAWN), "taps kept for other players came back on the form"
    page.reload()
    arrived(page)
    assert page.evaluate(AS_DRAWN)
    expect(page.locator("#saved-elsewhere")).to_have_count(0)  # said once: nothing was kept to say it of again
