"""Wizard (Amigo): RULES.md section 10, the publisher's scoring."""

from __future__ import annotations

from dataclasses import replace

from scorekeeper.rules.base import N_, Game, Option, State, problem
from scorekeeper.rules.exact_bids import HOOK, ExactBids
from scorekeeper.rules.fields import raise_if
from scorekeeper.rules.problems import shown

PACK = 60  # 52 cards, 4 Wizards and 4 Jesters
SUITS = ("clubs", "diamonds", "hearts", "spades")
MAX_PLAYERS = 6


def length(players: int) -> int:
    """The rounds of a whole game: round r deals r cards until the pack runs out (20, 15, 12, 10)."""
    return PACK // players


def round_score(bid: int, tricks: int) -> int:
    """Exactly the bid: 20 + 10 per trick taken; otherwise minus 10 per trick over or under."""
    return 20 + 10 * tricks if tricks == bid else -10 * abs(tricks - bid)


class Wizard(ExactBids):
    """Round r deals r cards; bid the tricks you will take: exact pays 20 + 10 a trick, each trick off costs 10."""

    id = "wizard"
    name = N_("Wizard")
    blurb = N_("One more card each round: an exact bid scores 20 plus 10 a trick, every trick off costs 10.")
    min_players, max_players = 3, MAX_PLAYERS
    options = (
        Option(
            "rounds",
            "int",
            None,
            N_("Number of rounds"),
            min=1,
            max=PACK // 3,
            help=N_("Left empty: the whole pack, 60 cards divided by the number of players (20, 15, 12 or 10)."),
        ),
        replace(HOOK, default=False),
    )
    round_fields = (*ExactBids.round_fields, "trump")
    pack = PACK

    def option_default(self, option: Option, players: list[str]):
        """As many rounds as the pack deals to this many players."""
        if option.name == "rounds" and isinstance(players, list):
            return length(max(len(players), self.min_players))  # too few players is refused already
        return option.default

    def check_setup(self, players: list[str], options: dict) -> dict:
        """The shared checks, and no more rounds than the pack deals to this many players."""
        filled = super().check_setup(players, options)
        most = length(len(players))
        if filled["rounds"] > most:
            raise_if(
                [
                    problem(
                        N_("%(option)s: with %(n)d players the pack deals %(max)d rounds at most (got %(value)d)."),
                        option=self.options[0].label,
                        n=len(players),
                        max=most,
                        value=filled["rounds"],
                        field="rounds",
                    )
                ]
            )
        return filled

    def cards(self, game: Game, state: State) -> int:
        """Round r deals r cards."""
        return state.played + 1

    def rounds(self, game: Game) -> int:
        """The rounds set at the start."""
        return game.options["rounds"]

    def round_score(self, bid: int, tricks: int, options: dict) -> int:
        """The publisher's scoring."""
        return round_score(bid, tricks)

    def entry(self, game: Game, state: State, dealer: int) -> dict:
        """Bids and tricks 0..r, and the trump suits (or none)."""
        return {**super().entry(game, state, dealer), "trump": SUITS}

    def check_more(self, game: Game, rnd: dict) -> dict:
        """The trump suit, if given: one of the four suits, or null (a Jester turned up, the last round); the
        message names them as a game file writes them, whatever the language."""
        trump = rnd.get("trump")
        if trump is not None and trump not in SUITS:
            raise_if(
                [
                    problem(
                        N_("The trump must be clubs, diamonds, hearts, spades or null (got %(value)s)."),
                        value=shown(trump),
                        field="trump",
                    )
                ]
            )
        return {"trump": trump}


RULES = Wizard()
