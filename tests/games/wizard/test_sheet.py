"""Wizard's score sheet: as many rounds as the pack deals to the players at the table (60 / players), each
dealing its number of cards; fewer when the table chose fewer."""

import pytest

from scorekeeper import sheets
from tests.pdfs import pdf_text


@pytest.mark.parametrize("players, rounds", [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_a_blank_pad_prints_the_rounds_the_pack_deals_to_the_players(players, rounds):
    layout = sheets.blank_layout("wizard", [""] * players, {"rounds": rounds, "hook": False}, "en")
    dealt = [(row.lead[0].text, row.lead[1].text) for row in layout.rows]
    assert dealt == [(str(r), str(r)) for r in range(1, rounds + 1)]
    text = pdf_text(sheets.blank("wizard", players, None, "en", "a4"))
    assert f"{players} players · {rounds} rounds, round r deals r cards" in text
    assert f"\n{rounds}\n{rounds}\n" in text and f"\n{rounds + 1}\n" not in text


def test_the_hook_is_printed_when_the_table_plays_it():
    hooked = sheets.blank_layout("wizard", [""] * 3, {"rounds": 20, "hook": True}, "en").rules
    assert hooked[-1] == "With the hook: the dealer, bidding last, may not make the bids add up to the cards dealt."
    assert len(sheets.blank_layout("wizard", [""] * 3, {"rounds": 20, "hook": False}, "en").rules) == len(hooked) - 1
