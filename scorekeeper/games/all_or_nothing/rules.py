"""ALL or NOTHING (ALL or NOTHING Cards, 2016): RULES.md section 2."""

from __future__ import annotations

from ...rules.base import N_, Game, Option, Problem, Result, Rules, State, Statistic, problem
from ...rules.fields import Span, by_seat, choice_entries, int_entries, raise_if, tricks_add_up, unknown_fields

BIDS = ("all", "nothing")
RENEGE = 20
RENEGES_SHOWN = 3  # reneges are rare: a form offers 0..3 unless a round recorded more


def hand_size(players: int) -> int:
    """10 cards with 3 or 4 players, 8 with 5 or 6."""
    return 10 if players <= 4 else 8


def round_score(bid: str, tricks: int, cards: int, reneges: int = 0) -> int:
    """Points for one player (lower is better): made bids subtract, failed ones add 10 a trick."""
    if bid == "nothing":
        score = -20 if tricks == 0 else 10 * tricks
    else:
        score = -100 if tricks == cards else 10 * (cards - tricks)
    return score + RENEGE * reneges


class AllOrNothing(Rules):
    """Bid ALL or NOTHING; from 100 down, the first to 0 (or the lowest after ten hands) wins."""

    id = "all-or-nothing"
    name = N_("ALL or NOTHING")
    blurb = N_("Bid to take every trick or none: start at 100, the lowest score wins.")
    min_players, max_players = 3, 6
    lowest_wins = True
    options = (
        Option("hands", "int", 10, N_("Number of hands"), min=1, max=99),
        Option("start", "int", 100, N_("Starting score"), min=1, max=9999),
    )
    steps = ("bids", "tricks")
    round_fields = ("bids", "tricks", "reneges")
    start_range = (1, 9999)  # a latecomer's start, as the option's

    def start(self, game: Game) -> State:
        """Everyone starts at the starting score."""
        return State(totals=[game.options["start"]] * len(game.players), dealer=game.first_dealer)

    def cards(self, game: Game, state: State) -> int:
        """10 cards with 3-4 players, 8 with 5-6."""
        return hand_size(len(game.players))

    def entry(self, game: Game, state: State, dealer: int) -> dict:
        """ALL or NOTHING; tricks and reneges 0..hand size."""
        cards = self.cards(game, state)
        return {"bids": BIDS, "tricks": Span(0, cards), "reneges": Span(0, cards, shown=RENEGES_SHOWN)}

    def check_draft(self, game: Game, state: State, step: str, draft: dict) -> dict:
        """The bids step: ALL or NOTHING for each player."""
        if step != "bids":
            return super().check_draft(game, state, step, draft)
        bids = by_seat(draft, "bids", len(game.players))
        raise_if(choice_entries(bids, "bids", N_("The bid"), BIDS))
        return {"bids": bids}

    def check_round(self, game: Game, state: State, rnd: dict) -> tuple[dict, list[Problem]]:
        """Bids, tricks and reneges by seat; the tricks add up to the hand size."""
        raise_if(unknown_fields(rnd, self.round_fields))
        n, cards = len(game.players), self.cards(game, state)
        bids = by_seat(rnd, "bids", n)
        tricks = by_seat(rnd, "tricks", n)
        reneges = by_seat(rnd, "reneges", n, default=0)
        raise_if(
            choice_entries(bids, "bids", N_("The bid"), BIDS)
            + int_entries(tricks, "tricks", N_("Tricks taken"), 0, cards)
            + int_entries(reneges, "reneges", N_("Reneges"), 0, cards)
        )
        raise_if(tricks_add_up(tricks, cards))
        return {"bids": bids, "tricks": tricks, "reneges": reneges}, []

    def apply(self, game: Game, state: State, rnd: dict):
        """Score each player; a score at or below 0, or the last hand, ends the game."""
        cards = self.cards(game, state)
        scores = [
            round_score(b, t, cards, r) for b, t, r in zip(rnd["bids"], rnd["tricks"], rnd["reneges"], strict=True)
        ]
        self.add_up(state, scores)
        if min(state.totals) <= 0:
            self.end(state, problem(N_("A score reached 0.")))
        else:
            self.last_hand(state, game.options["hands"])
        made = [(t == 0) if b == "nothing" else (t == cards) for b, t in zip(rnd["bids"], rnd["tricks"], strict=True)]
        return scores, {"made": made}, []

    def decide_end(self, game: Game, state: State) -> None:
        """Over once a score is at or below 0 (an adjustment, a sit-out's score), or after the last hand."""
        state.finished, state.ending, state.winners = False, None, []
        if min(state.totals) <= 0:
            self.end(state, problem(N_("A score reached 0.")))
        elif state.played >= game.options["hands"]:
            self.end(state, problem(N_("The last hand has been played.")))

    # -- statistics ------------------------------------------------------------------------------
    stats = (
        Statistic("made", N_("Bids made"), "rate"),
        Statistic("all_made", N_("ALL bids made"), "rate"),
        Statistic("nothing_made", N_("NOTHING bids made"), "rate"),
    )

    def statistics(self, game: Game, result: Result) -> list[dict[str, list[int]]]:
        """Bids made of bids tried, all of them and ALL and NOTHING apart."""
        counts = [{"made": [0, 0], "all_made": [0, 0], "nothing_made": [0, 0]} for _ in game.players]
        for played in result.rounds:
            for seat, (bid, made) in enumerate(zip(played.round["bids"], played.marks["made"], strict=True)):
                for key in ("made", f"{bid}_made"):
                    counts[seat][key][0] += made
                    counts[seat][key][1] += 1
        return counts


RULES = AllOrNothing()
