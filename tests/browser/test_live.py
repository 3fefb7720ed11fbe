"""Two phones scoring one table, for every registered game at 390x844 (issue 27): each follows what the other
saves (bids, a round, a correction, an undo, a rename) without a reload, keeping its own taps on a step
nobody else saved; and every swap leaves one round form, never one inside another.

The other phone is this phone's cookies posting the sample's rounds (page.request): the server cannot tell
it from a second phone, and it costs no second browser."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper import registry
from tests.samples import sample, setup_fields

from .helpers import board_rounds, round_number

pytestmark = pytest.mark.browser

GAMES = [pytest.param(bundle.id, id=bundle.id) for bundle in registry.GAMES]
SHOTS = "/tmp/live-"


def new_game(page: Page, base: str, rules_id: str) -> tuple[str, dict]:
    """The game of the sample's players and options, started from this phone and opened; its URL and sample."""
    game = sample(rules_id).GAME
    form: dict[str, str | float | bool] = {**setup_fields(game)}
    answer = page.request.post(f"{base}/new/{rules_id}", form=form, max_redirects=0)
    assert answer.status == 303, answer.text()[:300]
    url = (
        base + answer.headers["location"] if answer.headers["location"].startswith("/") else answer.headers["location"]
    )
    page.goto(url)
    expect(page.locator("#round-form")).to_be_visible()
    return url, game


def elsewhere(page: Page, url: str, rules_id: str, number: int, steps: slice = slice(None)) -> None:
    """Another phone saves round `number` of the sample (or only some of its steps)."""
    game = sample(rules_id).GAME
    for step, fields in sample(rules_id).posts(game["rounds"][number - 1], game)[steps]:
        form: dict[str, str | float | bool] = {"number": str(number), "step": step, **fields}
        answer = page.request.post(f"{url}/rounds", form=form, max_redirects=0)
        assert answer.status == 303, answer.text()[:300]


def one_round_form(page: Page) -> None:
    """Exactly one round form, not inside another."""
    expect(page.locator("section#round-form")).to_have_count(1)
    expect(page.locator("#round-form #round-form")).to_have_count(0)


@pytest.mark.parametrize("rules_id", GAMES)
def test_undo_leaves_one_round_form(page: Page, live_server, rules_id):
    url, _game = new_game(page, live_server, rules_id)
    elsewhere(page, url, rules_id, 1)
    page.reload()
    assert board_rounds(page) == 1
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("form.undo button").click()
    expect(page.locator("#game-message")).to_be_visible()
    one_round_form(page)
    assert board_rounds(page) == 0 and round_number(page) == 1
    page.screenshot(path=f"{SHOTS}undo-{rules_id}.png")
