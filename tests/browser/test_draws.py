"""A club night's seating draws in a real browser, on the organiser's phone at 390x844: eight players typed and
drawn at two tables of a game for four at most (three at least); the next draw with one of them ticked off (on a
break); a table's link opens its game filled in, started in one tap; the night put in a new club's season from its
page. The draw page and the season page pass the accessibility audit (audit.py).

Set SCOREKEEPER_SHOTS to a folder to keep a 390x844 screenshot of the draw page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper import rules
from tests import pick

from .audit import Audit
from .helpers import shot
from .touch import press

pytestmark = pytest.mark.browser

EIGHT = ["Anne", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal"]


def four_at_most(bundle) -> bool:
    """Played by four at most and by three: eight players make two tables of four, seven one of four and one
    of three."""
    r = rules.get(bundle.id)
    return r.max_players == 4 and r.min_players <= 3


GAME = pick.game(four_at_most)


def test_an_evening_with_a_draw(phone: Page, live_server):
    page, audit = phone, Audit(phone)
    page.context.add_cookies([{"name": "lang", "value": "en", "url": live_server}])
    page.goto(live_server + "/events/new")
    page.locator("#event-name").fill("Thursday club")
    press(page, "#event-form button[type=submit]")
    press(page, "a#draw")
    page.locator("#draw-new").fill("\n".join(EIGHT))
    press(page, f"label.chip:has(input[name='game'][value='{GAME}'])")
    press(page, "#draw-submit")
    expect(page.locator("#draw-1 .draw-table")).to_have_count(2)

    press(page, "label.chip:has(input[name='present'][value='Hal'])")  # Hal takes a break
    expect(page.locator("input[name='present'][value='Hal']")).not_to_be_checked()
    press(page, "#draw-submit")
    expect(page.locator("#draw-2 .draw-table")).to_have_count(2)  # 4 and 3
    seated = page.locator("#draw-2 .draw-seats li").all_inner_texts()
    assert len(seated) == 7 and not any(name.startswith("Hal") for name in seated)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing scrolls sideways
    shot(page, "draw-page", full_page=True)
    press(page, f"#draw-options-{GAME} summary")
    audit("draw page, two draws, an options panel open")
    assert not audit.problems, audit.report()

    first = page.locator("#draw-2-table-1")
    players = [
        name.splitlines()[0].split(" 🂠")[0].strip() for name in first.locator(".draw-seats li").all_inner_texts()
    ]
    press(page, "#draw-2-table-1 a.draw-start")
    expect(page.locator("#player-0")).to_have_value(players[0])
    expect(page.locator("#event-choice option:checked")).to_contain_text("Thursday club")
    press(page, "#setup-form button[type=submit]")  # one tap
    expect(page.locator("#round-form")).to_be_visible()
    for name in players:
        expect(page.locator("main")).to_contain_text(name)

    press(page, "#game-event")  # back to the night, and from it to a season
    press(page, "a#season")
    page.locator("#club-name").fill("Club of the week")
    press(page, "#club-form button[type=submit]")
    expect(page.locator("#club-nights")).to_contain_text("Thursday club")
    expect(page.locator("#season-minimum")).to_contain_text("3")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "season-page", full_page=True)
    audit("season page, its organiser's")
    assert not audit.problems, audit.report()
