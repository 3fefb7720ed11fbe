"""The tables of the club-night tests (test_events.py, test_clubs.py): the samples of games picked by need
(tests/pick.py), a table of four and a table of three, each player a side of their own, the three being the four's
first three players so the evening adds up their games; and the leaderboard those games make, read from the rules'
standings (the leaderboard's own sums are tested in tests/rules/test_events_leaderboard.py)."""

from __future__ import annotations

from scorekeeper import gamefile, rules
from scorekeeper import leaderboard as leaderboard_module
from scorekeeper.leaderboard import Finish
from tests import pick
from tests.samples import expected, sample


def one_winner(bundle) -> bool:
    """Its sample game ends with one winner."""
    return len(expected(sample(bundle.id).GAME)["winners"]) == 1


FOUR = pick.game(pick.sample_players(4), pick.solo)  # a table of four: its sample game
THREE = pick.game(pick.sample_players(3), pick.solo, one_winner)  # a table of three, won by one player
GAME4 = sample(FOUR).GAME
NAMES = GAME4["players"][:3]  # the table of three is the four's first three
GAME3 = {**sample(THREE).GAME, "players": NAMES}


def finish(document: dict) -> Finish:
    """A finished game file as a club night counts it: each player a side, ranked as the rules' standings say."""
    result = rules.play(gamefile.from_document(document))
    ranks = [0] * len(result.sides)
    for standing in result.standings:
        ranks[standing.side] = standing.rank
    return Finish(tuple((name,) for name in document["players"]), tuple(ranks))


def board(*documents: dict) -> list[list[str]]:
    """The leaderboard of these finished games as its rows read: rank, player, games, won, average."""
    return [
        [str(row.rank), row.name, str(row.games), str(row.won), str(row.shown)]
        for row in leaderboard_module.leaderboard(map(finish, documents))
    ]


def names(rows: list[list[str]]) -> list[str]:
    """The players of leaderboard rows, in order."""
    return [row[1] for row in rows]


def table(number: int, document: dict) -> str:
    """How the night's page lists a table: its number, its game's name, its players."""
    return f"Table {number} {rules.get(document['rules']).name} {', '.join(document['players'])}"


EVENING = board(GAME4, GAME3)  # the four at table 1, the three at table 2
ALONE = board(GAME3)  # table 1 alone, the three
WINNER = expected(GAME3)["winners"][0]  # the table of three's winner
