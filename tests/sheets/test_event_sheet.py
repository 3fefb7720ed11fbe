"""A club night's results sheet over many pages: each page's footer says which page of how many, as a game's
score sheet does, in the sheet's language; read back with pypdf."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scorekeeper import rules
from scorekeeper.leaderboard import Row
from scorekeeper.sheets.event import Standing, results
from tests import pick
from tests.pdfs import page_texts

GAME_NAME = rules.get(pick.game(pick.players(6))).name  # what each table played: a game of six

PAGE_OF = {"en": "Page {} of {}", "fr": "Page {} sur {}", "de": "Seite {} von {}"}


def evening(tables: int) -> tuple[list[Row], list[Standing]]:
    """A night of `tables` finished tables of six players each, every player at one table."""
    names = [[f"Player {t}-{s}" for s in range(6)] for t in range(tables)]
    standings = [
        Standing(t + 1, GAME_NAME, [(s + 1, name, 60 - 10 * s) for s, name in enumerate(seated)])
        for t, seated in enumerate(names)
    ]
    board = [
        Row(key=name.lower(), name=name, games=1, won=int(s == 0), shown=Decimal(100 - 20 * s), rank=s * tables + t + 1)
        for t, seated in enumerate(names)
        for s, name in enumerate(seated)
    ]
    return sorted(board, key=lambda row: row.rank), standings


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_page_of_a_long_evening_says_which_page_of_how_many(lang, paper):
    board, standings = evening(40)
    pages = page_texts(results("Club Łódź", "2026-11-26", board, standings, lang, paper))
    assert len(pages) >= 4  # 240 players and 40 tables: several pages
    for k, text in enumerate(pages, start=1):
        assert PAGE_OF[lang].format(k, len(pages)) in text, (k, text[-200:])
    assert "Table 40" in pages[-1] or "Tisch 40" in pages[-1]  # the last table is on the last page


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_a_short_evening_is_page_1_of_1(lang):
    board, standings = evening(2)
    (page,) = page_texts(results("Club", "2026-11-26", board, standings, lang, "a4"))
    assert PAGE_OF[lang].format(1, 1) in page
