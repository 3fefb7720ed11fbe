"""Inferno's score sheet: four players fit a portrait page, on Letter as on A4 (moved from
tests/sheets/test_sheets.py)."""

from tests.samples import sample
from tests.sheets.helpers import LETTER, build, pages, size


def test_four_players_stay_portrait_and_letter_is_letter():
    data, _ = build(sample("inferno").full_game(), paper="letter")
    assert [size(p) for p in pages(data)] == [LETTER]
