"""A game's sheet over several pages, completed or blank, on A4 or Letter, in French, English and German: every
page's footer says which page of how many, and every later page repeats the title; read back with pypdf."""

from __future__ import annotations

import pytest

from scorekeeper import rules, sheets
from tests.samples import sample

from .helpers import build, page_texts

PAGE_OF = {"en": "Page {} of {}", "fr": "Page {} sur {}", "de": "Seite {} von {}"}
CONTINUED = {"en": "(continued)", "fr": "(suite)", "de": "(Fortsetzung)"}


def long_pad(lang: str, paper: str) -> bytes:
    """A blank Tout ou rien pad of 30 hands: every hand is printed, over more than one page."""
    full = rules.get("tout-ou-rien").check_setup(["a", "b", "c"], {"hands": [6, 5, 4, 3, 2, 1] * 5})
    return sheets.draw(sheets.blank_layout("tout-ou-rien", ["", "", ""], full, lang), lang, paper)


def long_game(lang: str, paper: str) -> bytes:
    """A two-player Everest & Abyss game of 70 rounds, filled in: three pages."""
    return build(sample("everest-abyss").long_game(70), lang, paper)[0]


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("sheet, count", [(long_game, 3), (long_pad, 2)], ids=["completed", "blank"])
def test_every_page_of_a_long_sheet_says_which_page_of_how_many(sheet, count, lang, paper):
    texts = page_texts(sheet(lang, paper))
    assert len(texts) == count
    for k, text in enumerate(texts, start=1):
        assert PAGE_OF[lang].format(k, count) in text, (k, text[-200:])
        assert "Scorekeeper · " in text  # the rest of the footer is on every page too
        assert (CONTINUED[lang] in text) == (k > 1), k  # a later page repeats the title, the first has it whole


def test_a_long_sheet_gives_the_same_bytes_each_time():
    assert long_game("fr", "a4") == long_game("fr", "a4")
    assert long_pad("de", "letter") == long_pad("de", "letter")
