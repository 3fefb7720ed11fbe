"""Wizard's score sheet: as many rounds as the pack deals to the players at the table (60 / players), each
dealing its number of cards; fewer when the table chose fewer."""

import pytest

from scorekeeper import gamefile, rules, sheets
from scorekeeper.i18n import gettext
from scorekeeper.sheets import text
from tests.games.wizard.sample import GAME
from tests.pdfs import pdf_text


@pytest.mark.parametrize("players, rounds", [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_a_blank_pad_prints_the_rounds_the_pack_deals_to_the_players(players, rounds):
    layout = sheets.blank_layout("wizard", [""] * players, {"rounds": rounds, "hook": False}, "en")
    dealt = [(row.lead[0].text, row.lead[1].text) for row in layout.rows]
    assert dealt == [(str(r), str(r)) for r in range(1, rounds + 1)]
    printed = pdf_text(sheets.blank("wizard", players, None, "en", "a4"))
    assert f"{players} players · {rounds} rounds, round r deals r cards" in printed
    assert f"\n{rounds}\n{rounds}\n" in printed and f"\n{rounds + 1}\n" not in printed


def test_the_hook_is_printed_when_the_table_plays_it():
    hooked = sheets.blank_layout("wizard", [""] * 3, {"rounds": 20, "hook": True}, "en").rules
    assert hooked[-1] == "With the hook: the dealer, bidding last, may not make the bids add up to the cards dealt."
    assert len(sheets.blank_layout("wizard", [""] * 3, {"rounds": 20, "hook": False}, "en").rules) == len(hooked) - 1


def completed(lang: str):
    """The sample game's completed sheet as laid out (hearts turned up, then no trump)."""
    game = gamefile.from_document(GAME)
    return sheets.completed_layout(game, rules.play(game), lang)


@pytest.mark.parametrize(
    "lang, heading, shown",
    [("en", "Trump", ["♥", "none"]), ("fr", "Atout", ["♥", "aucun"]), ("de", "Trumpf", ["♥", "ohne"])],
)
def test_a_completed_sheet_shows_each_rounds_trump_after_its_cards(lang, heading, shown):
    layout = completed(lang)
    assert [col.label for col in layout.lead][1:3] == [gettext("Cards", lang), heading]
    trumps = [row.lead[2] for row in layout.rows]
    assert [cell.text for cell in trumps] == shown
    assert [cell.mark for cell in trumps] == ["red", "muted"]  # a red suit as on the cards; no trump greyed
    game = gamefile.from_document(GAME)
    printed = pdf_text(sheets.completed(game, rules.play(game), lang, "a4", None))
    assert f"\n{heading}\n" in printed and "\n♥\n" in printed


def test_a_blank_pad_leaves_a_box_for_each_rounds_trump():
    layout = sheets.blank_layout("wizard", [""] * 4, {"rounds": 15, "hook": False}, "en")
    assert layout.lead[2].label == "Trump"
    assert {(row.lead[2].text, len(row.lead)) for row in layout.rows} == {("", 4)}


def test_without_suit_signs_in_the_font_the_trump_is_named(monkeypatch):
    monkeypatch.setattr(text, "_glyphs", lambda font: frozenset(map(ord, "0123456789")))  # as Vera: no ♥
    assert [row.lead[2].text for row in completed("fr").rows] == ["cœur", "aucun"]
