"""Tout ou rien (Alles oder Nichts, Hexagames 1988): RULES.md section 1."""

from __future__ import annotations

from ...rules.base import N_, Game, Option, Problem, Result, Rules, State, Statistic, problem
from ...rules.fields import Span, bool_entries, by_seat, int_entries, raise_if, tricks_add_up, unknown_fields
from ...rules.problems import Nn_

HANDS = [6, 5, 4, 3, 4, 5, 6]
MAX_BID = 6  # the bid cards go 0..6
MAX_HAND = 6  # the most cards a hand may deal
BONUS = 3


def round_score(bid: int, open_: bool, tricks: int) -> int:
    """Points for one player: secret 1 a trick (+3 if exact), open 2 a trick + 3 if exact, else 0."""
    made = tricks == bid
    if open_:
        return 2 * tricks + BONUS if made else 0
    return tricks + (BONUS if made else 0)


class ToutOuRien(Rules):
    """Bid 0..6 tricks, openly or in secret; the highest total after the last hand wins."""

    id = "tout-ou-rien"
    name = N_("Tout ou rien")
    blurb = N_("Bid your tricks openly or in secret: exact bids score a bonus, open bids double or nothing.")
    min_players, max_players = 3, 6
    options = (
        Option(
            "hands",
            "hands",
            HANDS,
            N_("Hand sizes, round by round"),
            min=1,
            max=MAX_HAND,
            help=N_("Cards dealt to each player in each round, e.g. 6 5 4 3 4 5 6."),
        ),
        Option(
            "target",
            "int?",
            None,
            N_("Play to a target score"),
            min=1,
            max=999,
            help=N_("Leave empty to play the hands once; with a target the hands repeat until someone reaches it."),
        ),
    )
    steps = ("bids", "tricks")
    round_fields = ("bids", "open", "tricks", "trump")

    def cards(self, game: Game, state: State) -> int:
        """The hand size of the next round; with a target the sizes cycle."""
        hands = game.options["hands"]
        return hands[state.played % len(hands)]

    def entry(self, game: Game, state: State, dealer: int) -> dict:
        """A bid card 0..6 whatever the hand (a bid above it is allowed, with a warning); tricks 0..hand size."""
        return {"bids": Span(0, MAX_BID), "tricks": Span(0, self.cards(game, state))}

    def _check_bids(self, game: Game, rnd: dict) -> tuple[list, list]:
        """Check the bids and open/secret flags."""
        n = len(game.players)
        bids = by_seat(rnd, "bids", n)
        opens = by_seat(rnd, "open", n)
        raise_if(
            int_entries(bids, "bids", N_("The bid"), 0, MAX_BID) + bool_entries(opens, "open", N_("Open or secret"))
        )
        return bids, opens

    def _bid_warnings(self, bids: list[int], cards: int) -> list[Problem]:
        """Warn about bids that cannot be made with this hand size (the card exists, so it is allowed)."""
        return [
            problem(
                Nn_(
                    "Bid %(bid)d is more than the %(num)d card dealt.",
                    "Bid %(bid)d is more than the %(num)d cards dealt.",
                ),
                bid=b,
                num=cards,
                seat=s,
                field="bids",
            )
            for s, b in enumerate(bids)
            if b > cards
        ]

    def check_draft(self, game: Game, state: State, step: str, draft: dict) -> dict:
        """The bids step, before the hand is played: who bids openly, with their bids, and who in secret.
        A secret bid card lies face down until the end of the hand: its bid is null here and comes with
        the tricks."""
        if step != "bids":
            return super().check_draft(game, state, step, draft)
        n = len(game.players)
        bids, opens = by_seat(draft, "bids", n), by_seat(draft, "open", n)
        raise_if(bool_entries(opens, "open", N_("Open or secret")))
        shown = {seat for seat, open_ in enumerate(opens) if open_}
        early = [
            problem(N_("A secret bid is entered with the tricks, after the hand."), seat=seat, field="bids")
            for seat, bid in enumerate(bids)
            if seat not in shown and bid is not None
        ]
        raise_if(int_entries(bids, "bids", N_("The bid"), 0, MAX_BID, seats=shown) + early)
        return {"bids": bids, "open": opens}

    def draft_warnings(self, game: Game, state: State, draft: dict) -> list[Problem]:
        """An open bid above the hand size, flagged while the tricks are entered (secret bids are not
        known yet: their warning comes with the tricks, on the board)."""
        opens = draft.get("open", [])
        shown = [b if open_ else 0 for b, open_ in zip(draft.get("bids", []), opens, strict=False)]
        return self._bid_warnings(shown, self.cards(game, state))

    def check_round(self, game: Game, state: State, rnd: dict) -> tuple[dict, list[Problem]]:
        """Bids, open flags and tricks by seat; the tricks add up to the hand size."""
        raise_if(unknown_fields(rnd, self.round_fields))
        bids, opens = self._check_bids(game, rnd)
        tricks = by_seat(rnd, "tricks", len(game.players))
        cards = self.cards(game, state)
        raise_if(int_entries(tricks, "tricks", N_("Tricks taken"), 0, cards))
        raise_if(tricks_add_up(tricks, cards))
        checked = {"bids": bids, "open": opens, "tricks": tricks}
        if rnd.get("trump") is not None:
            if not isinstance(rnd["trump"], str) or len(rnd["trump"]) > 20:
                raise_if([problem(N_("The trump must be a short text."), field="trump")])
            checked["trump"] = rnd["trump"]
        return checked, self._bid_warnings(bids, cards)

    def apply(self, game: Game, state: State, rnd: dict):
        """Score each player; after the last hand (or on reaching the target) the game ends."""
        scores = [round_score(b, o, t) for b, o, t in zip(rnd["bids"], rnd["open"], rnd["tricks"], strict=True)]
        self.add_up(state, scores)
        target = game.options["target"]
        if target is None:
            self.last_hand(state, len(game.options["hands"]))
        elif max(state.totals) >= target:
            self.end(state, problem(Nn_("%(num)d point reached.", "%(num)d points reached."), num=target))
        made = [b == t for b, t in zip(rnd["bids"], rnd["tricks"], strict=True)]
        return scores, {"made": made}, []

    def decide_end(self, game: Game, state: State) -> None:
        """Over after the last hand, or once a total reaches the target (an adjustment may reach it)."""
        state.finished, state.ending, state.winners = False, None, []
        target = game.options["target"]
        if target is None and state.played >= len(game.options["hands"]):
            self.end(state, problem(N_("The last hand has been played.")))
        elif target is not None and max(state.totals) >= target:
            self.end(state, problem(Nn_("%(num)d point reached.", "%(num)d points reached."), num=target))

    # -- statistics ------------------------------------------------------------------------------
    stats = (
        Statistic("open_made", N_("Open bids made"), "rate"),
        Statistic("secret_made", N_("Secret bids made"), "rate"),
    )

    def statistics(self, game: Game, result: Result) -> list[dict[str, list[int]]]:
        """Bids made of bids tried, open and secret apart."""
        counts = [{"open_made": [0, 0], "secret_made": [0, 0]} for _ in game.players]
        for played in result.rounds:
            rnd = played.round
            for seat, (bid, open_, tricks) in enumerate(zip(rnd["bids"], rnd["open"], rnd["tricks"], strict=True)):
                count = counts[seat]["open_made" if open_ else "secret_made"]
                count[0] += bid == tricks
                count[1] += 1
        return counts


RULES = ToutOuRien()
