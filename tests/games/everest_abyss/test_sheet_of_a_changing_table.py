"""Everest & Abyss's completed sheet of a table that changed (RULES.md section 8): the tokens in play follow the
table (a newcomer brings a full set of tokens, a leaver's go with them), not every seat's starting tokens; the start
row is the players who started."""

import pytest

from scorekeeper import gamefile, rules, sheets
from tests.games.everest_abyss.sample import GAME, LINEUP


def completed(document: dict, lang: str = "en"):
    """A game file's completed sheet as laid out."""
    game = gamefile.from_document(document)
    return sheets.completed_layout(game, rules.play(game), lang)


def details(document: dict, lang: str = "en") -> str:
    """The details line of a game file's completed sheet."""
    return completed(document, lang).details


@pytest.mark.parametrize(
    "rounds, changes, said",
    [
        (1, 1, "tokens in play: 40 at the start, 50 now"),  # Eve brings 10 to the 40 of four players
        (2, 2, "tokens in play: 40 at the start, 50 now"),  # Ben sits out round 3: his tokens stay in play
        (4, 3, "tokens in play: 40 at the start, 44 now"),  # Cleo leaves with her 6
    ],
)
def test_the_tokens_in_play_follow_the_players_who_come_and_go(rounds, changes, said):
    document = {**LINEUP, "rounds": LINEUP["rounds"][:rounds], "changes": LINEUP["changes"][:changes]}
    assert details(document).endswith(said)


def test_a_table_that_never_changed_says_its_tokens_once():
    tokens, players = GAME["options"].get("tokens", 26), len(GAME["players"])
    assert details(GAME).endswith(f"tokens in play: {tokens * players}")


def test_a_game_over_says_the_tokens_in_play_at_its_end_in_the_reader_s_language():
    stopped = {**LINEUP, "changes": [*LINEUP["changes"], {"before": 5, "stop": True}]}
    assert details(stopped).endswith("tokens in play: 40 at the start, 44 at the end")
    assert details(stopped, "fr").endswith("jetons en jeu : 40 au départ, 44 à la fin")
    assert details(stopped, "de").endswith("Chips im Spiel: 40 zu Beginn, 44 am Ende")


def test_the_start_row_holds_the_tokens_of_those_who_started_and_a_dash_for_a_latecomer():
    start = completed(LINEUP).rows[0]
    assert start.kind == "start"
    held = [[cell.text for cell in cells] for cells in start.sides]
    assert held == [["", "", "10"]] * 4 + [["—"] * 3]  # Eve sat down before round 2, bringing her 10 then
