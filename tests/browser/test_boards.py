"""Every board at the table's biggest: each game with its largest player count (its rules' limit), long
names and the widest numbers its rules allow, played to the end. At 390 px every column is on screen and no
cell is cut ("NOTHI…", "Fr…") or spills into the next; at 200% zoom (195 CSS px) the page does not scroll
sideways (the board may scroll within its own frame, its round numbers staying put) and still nothing is
cut. Each finished board is also audited: axe in both themes, 44 px targets."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from scorekeeper import registry, rules
from tests.samples import EIGHT, sample

from .audit import Audit

pytestmark = pytest.mark.browser

# every box in the board whose text is wider than the box: cut by an ellipsis or overflow, or spilling out
# (words only for screen readers, .sr, are 1 px boxes on purpose), each kind once with how many
CUT = """() => {
  const cells = [...document.querySelectorAll("#scoreboard .board, #scoreboard .board *")].filter(e =>
    !["inline", "contents", "none"].includes(getComputedStyle(e).display) && !e.matches(".sr")
    && e.scrollWidth > e.clientWidth + 1
  ).map(e => `${e.tagName.toLowerCase()}.${e.className} "${e.textContent.trim().replace(/\\s+/g, " ").slice(0, 24)}"`);
  return [...new Set(cells)].map(cell => `cut: ${cell} (x${cells.filter(c => c === cell).length})`);
}"""

# at 390 px: the board wider than its frame, and the cells cut
AT_390 = f"""() => {{
  const wrap = document.querySelector("#scoreboard .board-wrap"), problems = ({CUT})();
  if (wrap.scrollWidth > wrap.clientWidth)
    problems.unshift(`the board is ${{wrap.scrollWidth}} px wide in ${{wrap.clientWidth}}`);
  return problems;
}}"""


def test_every_board_fits_its_biggest_table_at_390_and_at_200_percent_zoom(phone: Page, live_server):
    """At 195 px the audit's zoomed pass finds a page wider than the screen, and CUT the cells cut there: the page is
    laid out at 195 px once a board, not twice."""
    audit, problems = Audit(phone), []
    for bundle in registry.GAMES:  # each game's biggest table, from its sample (BIGGEST)
        rules_id = bundle.id
        game = sample(rules_id).BIGGEST(EIGHT[: rules.get(rules_id).max_players])
        answer = phone.request.post(
            live_server + "/games/import", data=json.dumps(game), headers={"Content-Type": "application/json"}
        )
        assert answer.ok, f"{rules_id}: the game file was refused ({answer.status})"
        phone.goto(answer.url)
        expect(phone.locator("#winners")).to_be_visible()  # played to the end: the widest totals are on it
        problems += [f"{rules_id}, 390 px: {problem}" for problem in phone.evaluate(AT_390)]
        audit(f"{rules_id} finished, {len(game['players'])} players", zoomed=CUT)
    assert not problems + audit.problems, "\n".join(problems + audit.problems)
