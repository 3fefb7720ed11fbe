"""A table that changes as it plays, on a 390x844 phone (issue 35): from the game page's "Players and changes",
a latecomer joins at the starting total offered, someone sits out the next round (tapped in on the round form,
which leaves them out, their cell "—"), someone leaves; each said on the board where it happened, the round form
offering a place to those who play alone, nothing scrolling sideways. In each game whose sample walks a
changing table (tests/lineup_walk.py); the rounds around the one tapped in are posted, as another phone would."""

from __future__ import annotations

from urllib.parse import urljoin

import pytest
from playwright.sync_api import Page, expect

from tests import lineup_walk
from tests.samples import normalised

from .helpers import scroll_width, set_fields, shot, submit_step
from .touch import press

pytestmark = pytest.mark.browser

WIDTH = 390


def post_round(page: Page, url: str, walked: dict, number: int, opened: bool = True) -> None:
    """Round `number` of the walk posted from this phone (as the round form would post it), then the game page
    `opened` again."""
    for step, fields in lineup_walk.round_posts(walked, number):
        form: dict[str, str | float | bool] = {"number": str(number), "step": step, **fields}
        answer = page.request.post(f"{url}/rounds", form=form)
        assert answer.ok, answer.text()[:300]
    if opened:
        page.goto(url)


def tap_round(page: Page, walked: dict, number: int) -> None:
    """Round `number` of the walk tapped in on the round form, step by step, until its row is on the board."""
    posts = lineup_walk.round_posts(walked, number)
    for k, (_step, fields) in enumerate(posts):
        set_fields(page, fields)
        submit_step(page, None if k == len(posts) - 1 else posts[k + 1][0], number if k == len(posts) - 1 else None)


def open_changes(page: Page) -> None:
    """Tap "Players and changes" on the game page."""
    press(page, "a#lineup")
    expect(page.locator("#lineup-page")).to_be_visible()


def submit(page: Page, form: str, url: str) -> None:
    """Tap a form's button on the changes page and wait for the game page it leads back to."""
    press(page, f"#{form} button[type=submit]")
    page.wait_for_url(f"{url}#scoreboard")
    expect(page.locator("#round-entry")).to_be_visible()


def cell(page: Page, number: int, player: int, players: int) -> str:
    """What a player's cell of round `number` shows (the row's last `players` cells are the players')."""
    cells = page.locator(f"#scoreboard #round-{number} td").all_inner_texts()
    return cells[len(cells) - players + player].strip()


@pytest.mark.parametrize("rules_id", [pytest.param(rules_id, id=rules_id) for rules_id in lineup_walk.walked()])
def test_a_latecomer_joins_someone_sits_out_and_someone_leaves(page: Page, live_server, rules_id):
    walked = lineup_walk.walk(rules_id)
    names, changes = walked["players"], walked["changes"]
    late, away, gone = (next(c[kind] for c in changes if kind in c) for kind in ("join", "sit_out", "leave"))
    away = away[0]
    setup: dict[str, str | float | bool] = {**lineup_walk.setup(walked)}
    started = page.request.post(f"{live_server}/new/{rules_id}", form=setup, max_redirects=0)
    url = urljoin(live_server, started.headers["location"])
    post_round(page, url, walked, 1)
    entry, board = page.locator("#round-entry"), page.locator("#scoreboard")

    open_changes(page)
    page.locator("#join input[name=name]").fill(names[late])
    page.locator("#join select[name=after]").select_option(str(changes[0]["after"]))
    assert scroll_width(page) <= WIDTH
    shot(page, f"lineup-{rules_id}", full_page=True)
    submit(page, "join", url)
    expect(board.locator("thead th").last).to_contain_text(names[late])
    expect(board.locator("tr.change")).to_contain_text(names[late])
    expect(entry).to_contain_text(names[late])
    post_round(page, url, walked, 2, opened=False)  # the game page is left at once: the changes page reads it

    open_changes(page)
    box = f"input[value='{away}']"
    if not press(page, f"#sit-out label:has({box})", checked=f"#sit-out {box}"):  # read with the tap, else waited
        expect(page.locator(f"#sit-out {box}")).to_be_checked()
    submit(page, "sit-out", url)
    expect(board.locator("tr.change").last).to_contain_text(names[away])
    expect(entry).not_to_contain_text(names[away])
    tap_round(page, walked, 3)
    assert cell(page, 3, away, len(names)).endswith("—") and cell(page, 1, late, len(names)) == "—"

    open_changes(page)
    page.locator("#leave select[name=player]").select_option(str(gone))
    submit(page, "leave", url)
    expect(board.locator("tr.change").last).to_contain_text(names[gone])
    expect(entry).not_to_contain_text(names[gone])
    expect(entry).to_contain_text(names[away])  # back from sitting out
    assert scroll_width(page) <= WIDTH
    shot(page, f"lineup-{rules_id}-board", full_page=True)
    exported = page.request.get(f"{url}/export.json").json()
    assert exported["rounds"] == normalised(walked)[:3]
    assert [{k: v for k, v in c.items() if k != "start"} for c in exported["changes"]] == changes
