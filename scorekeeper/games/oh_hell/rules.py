"""Oh Hell (Oh Pshaw, Up and Down the River; L'Escalier): RULES.md section 9."""

from __future__ import annotations

from scorekeeper.rules.base import N_, Game, Option, State, problem
from scorekeeper.rules.exact_bids import HOOK, ExactBids
from scorekeeper.rules.fields import raise_if

PACK = 52
TOP = 10  # the largest hand, where the pack deals it and still turns up a trump
BONUS = 10


def largest(players: int) -> int:
    """The largest hand of the usual game: 10, or what the pack deals with a card left for trump."""
    return min(TOP, (PACK - 1) // players)


def hands(players: int) -> list[int]:
    """The usual hand sizes: 1, 2, ... up to the largest, then back down to 1."""
    top = largest(players)
    return [*range(1, top + 1), *range(top - 1, 0, -1)]


def round_score(bid: int, tricks: int, miss: str) -> int:
    """An exact bid scores 10 + the bid; a missed one 0, or with `miss` "minus" 1 less per trick off."""
    if tricks == bid:
        return BONUS + bid
    return -abs(tricks - bid) if miss == "minus" else 0


class OhHell(ExactBids):
    """Hands going up and down; take exactly the tricks you bid; the highest total after the last hand wins."""

    id = "oh-hell"
    name = N_("Oh Hell")
    blurb = N_("Hands go up, then down: take exactly the tricks you bid for 10 points plus the bid.")
    min_players, max_players = 3, 7
    options = (
        Option(
            "hands",
            "hands",
            None,
            N_("Hand sizes, round by round"),
            min=1,
            max=PACK // min_players,
            help=N_("Left empty: 1 card, 2, ... up to 10 (fewer with 6 or 7 players), then back down to 1."),
        ),
        HOOK,
        Option(
            "miss",
            "choice",
            "zero",
            N_("A missed bid"),
            choices=("zero", "minus"),
            choice_labels=(N_("scores 0"), N_("loses 1 point per trick over or under")),
        ),
    )

    def option_default(self, option: Option, players: list[str]):
        """Hand sizes up to the largest the pack deals to this many players, and back down."""
        if option.name == "hands" and isinstance(players, list):
            return hands(max(len(players), 1))  # no players is refused already: any list will do
        return option.default

    def check_setup(self, players: list[str], options: dict) -> dict:
        """The shared checks, and no hand larger than the pack deals to this many players."""
        filled = super().check_setup(players, options)
        most = PACK // len(players)
        raise_if(
            [
                problem(
                    N_("%(option)s: with %(n)d players the pack deals at most %(max)d cards each (got %(value)d)."),
                    option=self.options[0].label,
                    n=len(players),
                    max=most,
                    value=size,
                    field="hands",
                )
                for size in filled["hands"]
                if size > most
            ][:1]
        )
        return filled

    def cards(self, game: Game, state: State) -> int:
        """The hand size of the next round."""
        return game.options["hands"][min(state.played, len(game.options["hands"]) - 1)]

    def rounds(self, game: Game) -> int:
        """One round per hand size listed."""
        return len(game.options["hands"])

    def round_score(self, bid: int, tricks: int, options: dict) -> int:
        """10 + the bid when exact; otherwise as the option `miss` says."""
        return round_score(bid, tricks, options["miss"])


RULES = OhHell()
