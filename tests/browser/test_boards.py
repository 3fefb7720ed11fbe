"""Every board at the table's biggest: each game with its largest player count (its rules' limit), long
names and the widest numbers its rules allow, played to the end. At 390 px every column is on screen and no
cell is cut ("NOTHI…", "Fr…") or spills into the next; at 200% zoom (195 CSS px) the page does not scroll
sideways (the board may scroll within its own frame, its round numbers staying put) and still nothing is
cut. Each finished board is also audited: axe in both themes, 44 px targets."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from scorekeeper import rules
from tests.sheets import samples

from .audit import ZOOMED, Audit
from .test_a11y import phone  # noqa: F401  (the fixture: a phone that lets axe in)

pytestmark = pytest.mark.browser

EIGHT = ["Zoë", "Łukasz", "Őrs", "François", "Ana-Lucía", "Søren", "Maximilian", "Jean-Baptiste"]


def everest_abyss(n: int) -> dict:
    """Everyone stakes 12 and Zoë takes every pot: she ends with all 26 x n tokens, the others out."""
    held, rounds = [26] * n, []
    while any(held[1:]):
        staked = [min(12, h) for h in held]
        rounds.append({"cote": "everest", "staked": staked, "folded": [False] * n, "winner": 0})
        held = [sum(staked) + held[0] - staked[0]] + [h - s for h, s in zip(held[1:], staked[1:], strict=True)]
    return samples.document("everest-abyss", EIGHT[:n], rounds)


def all_fours(n: int) -> dict:
    """Each alone (no teams) to 7: high, low, jack and game spread, card points counted once."""
    rounds = [
        {"turn_ups": ["5"], "high": 0, "low": 1, "jack": 2, "game_points": [30, 12, 25, 13]},
        {"turn_ups": ["J"], "high": 3, "low": 3, "jack": None, "game": 2},
        {"turn_ups": ["9", "Q"], "beg": "run", "high": 2, "low": 0, "jack": None, "game": 2},
        {"turn_ups": ["K"], "high": 2, "low": 2, "jack": 2, "game": 0},
    ]
    return samples.document("all-fours", EIGHT[:n], rounds, teams=False)


BIGGEST = {
    "tout-ou-rien": lambda n: samples.tout_ou_rien(EIGHT[:n]),
    "all-or-nothing": lambda n: samples.all_or_nothing(EIGHT[:n]),
    "everest-abyss": everest_abyss,
    "inferno": lambda n: samples.inferno(EIGHT[:n]),
    "all-fours": all_fours,
}

# every box in the board whose text is wider than the box: cut by an ellipsis or overflow, or spilling out
# (words only for screen readers, .sr, are 1 px boxes on purpose)
CUT = """() => [...document.querySelectorAll("#scoreboard .board, #scoreboard .board *")].filter(e =>
  !["inline", "contents", "none"].includes(getComputedStyle(e).display) && !e.matches(".sr")
  && e.scrollWidth > e.clientWidth + 1
).map(e => `${e.tagName.toLowerCase()}.${e.className} "${e.textContent.trim().replace(/\\s+/g, " ").slice(0, 24)}"`)"""

# the board's width against its frame's, the page's against the window's
WIDTHS = """() => { const wrap = document.querySelector("#scoreboard .board-wrap");
  return {board: wrap.scrollWidth, frame: wrap.clientWidth, page: document.documentElement.scrollWidth}; }"""


def cut(page: Page, state: str) -> list[str]:
    """The cells cut short in the board as it is now, each kind once with how many."""
    cells = page.evaluate(CUT)
    return [f"{state}: cut: {cell} (x{cells.count(cell)})" for cell in dict.fromkeys(cells)]


def test_every_board_fits_its_biggest_table_at_390_and_at_200_percent_zoom(phone: Page, live_server):  # noqa: F811
    audit, problems = Audit(phone), []
    for rules_id, make in BIGGEST.items():
        game = make(rules.get(rules_id).max_players)
        answer = phone.request.post(
            live_server + "/games/import", data=json.dumps(game), headers={"Content-Type": "application/json"}
        )
        assert answer.ok, f"{rules_id}: the game file was refused ({answer.status})"
        phone.goto(answer.url)
        expect(phone.locator("#winners")).to_be_visible()  # played to the end: the widest totals are on it
        widths = phone.evaluate(WIDTHS)
        if widths["board"] > widths["frame"]:
            problems.append(f"{rules_id}, 390 px: the board is {widths['board']} px wide in {widths['frame']}")
        problems += cut(phone, f"{rules_id}, 390 px")
        phone.set_viewport_size(ZOOMED)
        widths = phone.evaluate(WIDTHS)
        if widths["page"] > ZOOMED["width"]:
            problems.append(f"{rules_id}, 195 px: the page is {widths['page']} px wide")
        problems += cut(phone, f"{rules_id}, 195 px")
        phone.set_viewport_size({"width": 390, "height": 844})
        audit(f"{rules_id} finished, {len(game['players'])} players")
    assert not problems + audit.problems, "\n".join(problems + audit.problems)
