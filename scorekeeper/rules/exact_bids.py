"""Games where each player bids how many tricks they will take, then takes them, and an exact bid pays:
the rules Oh Hell and Wizard share (RULES.md sections 9 and 10). A game of this shape gives its hand size
round by round, its number of rounds and what a bid scores; the checks, the dealer's hook, the end and the
statistics are here.
"""

from __future__ import annotations

from .base import N_, Game, Option, Problem, Result, Rules, State, Statistic, problem
from .fields import Span, by_seat, int_entries, raise_if, tricks_add_up, unknown_fields
from .problems import Nn_

# The option `hook`: the dealer, bidding last, may not make the bids add up to the cards dealt. Each game gives
# its default (`dataclasses.replace(HOOK, default=False)` where it is a house rule)
HOOK = Option(
    "hook",
    "bool",
    True,
    N_("The dealer may not make the bids add up to the cards dealt"),
    help=N_("So that at least one player misses their bid."),
)


def hooked(bids: list[int], cards: int, dealer: int) -> list[Problem]:
    """The dealer's hook: a problem, naming the dealer and the number they may not bid, when the bids add up
    to the cards dealt."""
    if sum(bids) != cards:
        return []
    return [
        problem(
            Nn_(
                "As dealer you may not bid %(bid)d: the bids would add up to the %(num)d card dealt.",
                "As dealer you may not bid %(bid)d: the bids would add up to the %(num)d cards dealt.",
            ),
            bid=bids[dealer],
            num=cards,
            seat=dealer,
            field="bids",
        )
    ]


class ExactBids(Rules):
    """Bids 0..hand size, then tricks that add up to the hand size; a round scores each player by
    `round_score`; the game ends after `rounds(game)` rounds, the highest total winning.

    Marks of a round: `made`, by seat, whether the tricks taken equal the bid.
    """

    steps = ("bids", "tricks")
    pack = 52  # the cards a round may deal in all (RULES.md section 8: a hand the pack cannot deal is refused)
    round_fields: tuple[str, ...] = ("bids", "tricks")  # a game of this shape may add its own (`check_more`)
    stats = (Statistic("made", N_("Bids made"), "rate"),)

    def cards(self, game: Game, state: State) -> int:
        """The hand size of the next round."""
        raise NotImplementedError

    def round_score(self, bid: int, tricks: int, options: dict) -> int:
        """What one player's bid and tricks score."""
        raise NotImplementedError

    def rounds(self, game: Game) -> int:
        """How many rounds the game lasts."""
        raise NotImplementedError

    def check_more(self, game: Game, rnd: dict) -> dict:
        """The game's own optional fields of a round, checked (none by default)."""
        return {}

    def entry(self, game: Game, state: State, dealer: int) -> dict:
        """Bids and tricks 0..hand size; whether the dealer's hook holds (a script greys the number it forbids)."""
        cards = self.cards(game, state)
        return {"bids": Span(0, cards), "tricks": Span(0, cards), "hook": game.options["hook"]}

    def dealt(self, game: Game, state: State) -> list[Problem]:
        """A problem when the pack cannot deal the round's hand to the players of the round (more came since the
        hand sizes were set)."""
        n, cards = len(game.players), self.cards(game, state)
        if n * cards <= self.pack:
            return []
        return [
            problem(
                Nn_(
                    "The pack of %(pack)d cannot deal %(num)d card each to %(n)d players.",
                    "The pack of %(pack)d cannot deal %(num)d cards each to %(n)d players.",
                ),
                pack=self.pack,
                num=cards,
                n=n,
            )
        ]

    def hook(self, game: Game, state: State, bids: list[int]) -> list[Problem]:
        """The dealer's hook, when the option holds."""
        return hooked(bids, self.cards(game, state), state.dealer) if game.options["hook"] else []

    def check_draft(self, game: Game, state: State, step: str, draft: dict) -> dict:
        """The bids step, before the hand is played: each bid within the hand, the dealer's hook, and the game's
        optional fields (known once the cards are dealt)."""
        if step != "bids":
            return super().check_draft(game, state, step, draft)
        raise_if(self.dealt(game, state))
        bids = by_seat(draft, "bids", len(game.players))
        raise_if(int_entries(bids, "bids", N_("The bid"), 0, self.cards(game, state)))
        raise_if(self.hook(game, state, bids))
        return {"bids": bids, **self.check_more(game, draft)}

    def check_round(self, game: Game, state: State, rnd: dict) -> tuple[dict, list[Problem]]:
        """Bids and tricks by seat within the hand, the dealer's hook, tricks adding up to the hand size, and
        the game's optional fields."""
        raise_if(unknown_fields(rnd, self.round_fields) + self.dealt(game, state))
        n, cards = len(game.players), self.cards(game, state)
        bids, tricks = by_seat(rnd, "bids", n), by_seat(rnd, "tricks", n)
        raise_if(
            int_entries(bids, "bids", N_("The bid"), 0, cards)
            + int_entries(tricks, "tricks", N_("Tricks taken"), 0, cards)
        )
        raise_if(self.hook(game, state, bids) + tricks_add_up(tricks, cards))
        return {"bids": bids, "tricks": tricks, **self.check_more(game, rnd)}, []

    def apply(self, game: Game, state: State, rnd: dict):
        """Score each player; the last round ends the game."""
        pairs = list(zip(rnd["bids"], rnd["tricks"], strict=True))
        scores = [self.round_score(bid, tricks, game.options) for bid, tricks in pairs]
        self.add_up(state, scores)
        self.last_hand(state, self.rounds(game))
        return scores, {"made": [bid == tricks for bid, tricks in pairs]}, []

    def decide_end(self, game: Game, state: State) -> None:
        """Over once the rounds set at the start are played (a change never adds or takes one)."""
        state.finished, state.ending, state.winners = False, None, []
        if state.played >= self.rounds(game):
            self.end(state, problem(N_("The last hand has been played.")))

    def statistics(self, game: Game, result: Result) -> list[dict[str, list[int]]]:
        """Bids made of bids tried."""
        counts = [{"made": [0, 0]} for _ in game.players]
        for played in result.rounds:
            for seat, made in enumerate(played.marks["made"]):
                counts[seat]["made"][0] += made
                counts[seat]["made"][1] += 1
        return counts
