"""Everest & Abyss's score sheet: a long game over three pages under its column headings, and a two-digit all-in
stake in a narrow column (moved from tests/sheets/test_sheets.py)."""

from tests.samples import document, sample
from tests.sheets.helpers import build, page_texts, pages, pdf_text


def test_a_long_game_continues_on_more_pages_with_the_headers_repeated():
    data, _result = build(sample("everest-abyss").long_game(70))
    assert len(pages(data)) == 3
    texts = page_texts(data)
    for number, text in enumerate(texts, 1):
        assert f"Page {number} of 3" in text
    for text in texts[:2]:  # the rounds run over two pages, each under the names and column headings
        assert "Zoë" in text and "Łukasz" in text and "Stake" in text and "Tokens" in text
    assert "\n40\n" in texts[1] and "\n70\n" in texts[1]
    assert "In progress: 70 rounds played." in " ".join(texts[2].split())  # the chart and the standings follow


def test_an_all_in_stake_of_two_digits_prints_its_number():
    players = ["Zoë", "Łukasz", "Őrs", "François", "Ana", "Søren", "Ida", "Bo"]

    def bet(stake: int, winner: int) -> dict:
        return {"cote": "everest", "staked": [1, stake] + [1] * 6, "folded": [False] * 8, "winner": winner}

    # Łukasz loses 12, then 3, then goes all in with his last 11 in a narrow landscape column
    game = document("everest-abyss", players, [bet(12, 0), bet(3, 2), bet(11, 0)])
    data, result = build(game)
    assert result.rounds[2].marks["tapis"] == [1]
    lines = pdf_text(data).splitlines()
    at = next(k for k, line in enumerate(lines) if line == "tapis")
    assert lines[at + 1].strip() == "11"
