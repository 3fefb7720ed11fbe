"""A game's sheet over several pages, completed or blank, on A4 or Letter, in French, English and German: every
page's footer says which page of how many, and every later page repeats the title; read back with pypdf. The
games are picked by need: one whose sample plays a long game, one whose long option sets a pad printed whole."""

from __future__ import annotations

import pytest

from scorekeeper import rules, sheets
from scorekeeper.registry import Bundle
from scorekeeper.sheets.layout import MAX_PAD
from tests import pick
from tests.samples import sample

from .helpers import build, page_texts

PAGE_OF = {"en": "Page {} of {}", "fr": "Page {} sur {}", "de": "Seite {} von {}"}
CONTINUED = {"en": "(continued)", "fr": "(suite)", "de": "(Fortsetzung)"}
PAD = ["a", "b", "c"]


def plays_long(bundle: Bundle) -> bool:
    """Its sample plays a long game: long_game(played), `played` rounds filled in."""
    return callable(getattr(sample(bundle.id), "long_game", None))


def pad_options(rules_id: str) -> dict:
    """The options of its sample's LONG game, complete, for a table of three."""
    return rules.get(rules_id).check_setup(PAD, sample(rules_id).LONG["options"])


def pads_the_most(bundle: Bundle) -> bool:
    """Its sample's long option sets as many rounds as a blank pad prints whole (MAX_PAD): more than a page."""
    if sample(bundle.id).LONG is None:
        return False
    return bundle.sheet().SHEET.pad_rounds(pad_options(bundle.id), len(PAD)) == MAX_PAD


def long_pad(lang: str, paper: str) -> bytes:
    """A blank pad of MAX_PAD rounds: every round is printed, over more than one page."""
    rules_id = pick.game(pads_the_most)
    return sheets.draw(sheets.blank_layout(rules_id, ["", "", ""], pad_options(rules_id), lang), lang, paper)


def long_game(lang: str, paper: str) -> bytes:
    """A game of 70 rounds, filled in: more than one page."""
    return build(sample(pick.game(plays_long)).long_game(70), lang, paper)[0]


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("sheet", [long_game, long_pad], ids=["completed", "blank"])
def test_every_page_of_a_long_sheet_says_which_page_of_how_many(sheet, lang, paper):
    texts = page_texts(sheet(lang, paper))
    count = len(texts)
    assert count > 1
    for k, text in enumerate(texts, start=1):
        assert PAGE_OF[lang].format(k, count) in text, (k, text[-200:])
        assert "Scorekeeper · " in text  # the rest of the footer is on every page too
        assert (CONTINUED[lang] in text) == (k > 1), k  # a later page repeats the title, the first has it whole


def test_a_long_sheet_gives_the_same_bytes_each_time():
    assert long_game("fr", "a4") == long_game("fr", "a4")
    assert long_pad("de", "letter") == long_pad("de", "letter")
