"""All Fours' score sheet: a blank pad prints the teams as teams (moved from tests/sheets/test_sheets.py)."""

from scorekeeper import sheets
from tests.sheets.helpers import pdf_text


def test_teams_print_as_teams_on_a_blank_all_fours_sheet():
    text = pdf_text(sheets.blank("all-fours", 4, ["Zoë", "Łukasz", "Őrs", "François"], "en", "a4"))
    assert "Zoë & Őrs" in text and "Łukasz & François" in text
