"""Oh Hell's score sheet: the hands as set, up and down, and how a missed bid scores by the option."""

import pytest

from scorekeeper import rules, sheets
from scorekeeper.games.oh_hell.rules import hands


@pytest.mark.parametrize("players", [3, 6, 7])
def test_a_blank_pad_prints_each_hand_to_deal(players):
    options = rules.get("oh-hell").check_setup([f"\0{seat}" for seat in range(players)], {})
    layout = sheets.blank_layout("oh-hell", [""] * players, options, "en")
    assert [row.lead[1].text for row in layout.rows] == [str(cards) for cards in hands(players)]
    assert layout.details.endswith("Cards dealt, hand by hand: " + "-".join(map(str, hands(players))))


@pytest.mark.parametrize(
    "miss, line",
    [
        ("zero", "Exactly the bid: 10 points plus the bid; a missed bid scores 0."),
        ("minus", "Exactly the bid: 10 points plus the bid; a missed bid loses 1 point per trick over or under."),
    ],
)
def test_the_sheet_says_how_a_missed_bid_scores(miss, line):
    options = {"hands": [1, 2], "hook": True, "miss": miss}
    printed = sheets.blank_layout("oh-hell", [""] * 3, options, "en").rules
    assert printed[0] == line and printed[-1].startswith("With the hook")
