"""ALL or NOTHING's score sheet: a game in progress with the hands still to play, six players on a landscape page,
and a blank pad starting everyone at 100 (moved from tests/sheets/test_sheets.py)."""

from scorekeeper import sheets
from tests.samples import sample
from tests.sheets.helpers import LETTER, after, build, pages, pdf_text, size


def test_a_game_in_progress_shows_the_rounds_still_to_play():
    document = sample("all-or-nothing").full_game(played=4)
    data, result = build(document)
    text = pdf_text(data)
    assert not result.finished
    assert "In progress: 4 rounds played." in text
    assert text.count("A · N") == 6 * 6  # hands 5 to 10, ALL or NOTHING to circle for six players
    assert "Winner:" not in text


def test_six_players_go_landscape_and_letter_is_letter():
    data, _ = build(sample("all-or-nothing").full_game(), paper="letter")
    assert [size(p) for p in pages(data)] == [LETTER[::-1]]


def test_a_blank_sheet_prints_the_start_and_the_deal():
    text = pdf_text(sheets.blank("all-or-nothing", 6, None, "en", "a4"))
    assert after(text, "Start", 6) == ["100"] * 6
    assert "8 cards each, 10 hands at most" in text
