"""Tout ou rien's score sheet: made and missed bids marked beside the running totals, and a blank pad printing what
each hand deals (moved from tests/sheets/test_sheets.py)."""

from scorekeeper import sheets
from tests.samples import sample
from tests.sheets.helpers import build, pdf_text


def test_made_and_missed_bids_are_marked_with_running_totals():
    text = pdf_text(build(sample("tout-ou-rien").full_game())[0])
    lines = text.splitlines()
    first = lines.index("Zoë", lines.index("Dealer") + 5)  # round 1's dealer, then the players' boxes
    # Zoë bid 3 secretly and took 2: missed, +2; Łukasz bid 2 openly and took 2: made, 2×2+3 = +7
    assert lines[first + 1 : first + 5] == ["3", "S", "2 ✗", "+2"]
    assert lines[first + 6 : first + 10] == ["2", "O", "2 ✓", "+7"]
    assert "1. Łukasz 30 · 2. François 22 · 3. Őrs 20" in " ".join(lines)


def test_a_blank_sheet_prints_what_to_deal_round_by_round():
    text = pdf_text(sheets.blank("tout-ou-rien", 4, ["Zoë", "Łukasz", "Őrs", "François"], "en", "a4"))
    lines = text.splitlines()
    rounds = [lines[k + 1] for k in range(len(lines) - 1) if lines[k] in "1234567" and lines[k + 1].isdigit()]
    assert rounds == ["6", "5", "4", "3", "4", "5", "6"]
