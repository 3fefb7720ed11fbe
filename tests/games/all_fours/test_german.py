"""All Fours in German: its sheet's points, and the board's letters each standing for one thing in every
language (moved from tests/test_german.py)."""

import json

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.i18n import LANGUAGES
from tests.pdfs import pdf_text
from tests.samples import sample


def test_the_command_line_prints_a_german_sheet(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(sample("all-fours").full_game(), ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "sheet.pdf"
    result = CliRunner().invoke(main, ["sheet", str(path), "--lang", "de", "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = pdf_text(out.read_bytes())
    assert "All Fours – Spielblock" in text and "Hoch" in text and "Tief" in text and "Bube" in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_all_fours_board_letters_stand_for_one_thing_each(client, lang):
    """The board marks a point with its word's initial: two points must not share a letter in any language."""
    from scorekeeper.i18n import translate

    words = ["High", "Low", "Jack", "Game", "Beg", "Renege"]
    initials = [translate(w, lang)[0] for w in words]
    assert len(set(initials)) == len(words), dict(zip(words, initials, strict=True))
    ranks = [translate(w, lang)[0] for w in ("Jack", "Queen", "King", "Ace")]
    assert len(set(ranks)) == 4 and not any(r.isdigit() for r in ranks)
