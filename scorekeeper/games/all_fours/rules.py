"""All Fours (seed 003): RULES.md section 4."""

from __future__ import annotations

from ...rules.base import N_, Game, Invalid, Option, Problem, Result, RoundResult, Rules, State, Statistic, problem
from ...rules.fields import Span, raise_if, unknown_fields
from .hand import CARD_POINTS, CARD_VALUES, HAND, RANKS, SHORT_DECK_GONE, read_hand

KICKS = {"seed": {"A": 1, "J": 1, "6": 1}, "jack": {"J": 1}, "trinidad": {"A": 1, "6": 2, "J": 3}}
RUNS_SHOWN = 2  # a form offers two rows for cards run; more once a hand recorded more
KIND_LABELS = {
    "turn_up": N_("the turn-up"),
    "beg": N_("the beg"),
    "renege": N_("a renege"),
    "high": N_("High"),
    "low": N_("Low"),
    "jack": N_("Jack"),
    "game": N_("Game"),
}


def in_teams(options: dict, n_players: int) -> bool:
    """Whether the players score as two teams (the option, else the default for the count)."""
    return bool(options.get("teams", n_players == 4))


def side_of(seat: int, options: dict, n_players: int) -> int:
    """The side a seat scores for: its team (seats 0+2 and 1+3) or itself."""
    return seat % 2 if in_teams(options, n_players) else seat


def kick_points(rank: str, kick: str) -> int:
    """What one card turned up for trump gives the dealer's side."""
    return KICKS[kick].get(rank, 0)


def game_winner(card_points: list[int]) -> int | None:
    """The side with strictly the most card points, or None on a tie at the top."""
    best = max(card_points)
    top = [s for s, p in enumerate(card_points) if p == best]
    return top[0] if len(top) == 1 else None


def count_hand(plan: list[dict], totals: list[int], target: int) -> tuple[list[dict], dict | None, list[dict]]:
    """Count the awards in order until a side reaches the target or a major renege ends the game.

    Return the awards counted, the one that ended the game (or None) and those left uncounted.
    """
    totals = list(totals)
    for k, award in enumerate(plan):
        if "loses" in award:
            return plan[:k], award, plan[k + 1 :]
        totals[award["side"]] += award["points"]
        if totals[award["side"]] >= target:
            return plan[: k + 1], award, plan[k + 1 :]
    return list(plan), None, []


TEAMS_LABEL = N_("Two teams of two")


class AllFours(Rules):
    """High, Low, Jack and Game, with the kick and the beg; the first side to the target wins.

    Sides are the players, or with teams the two teams (seats 0+2 and 1+3); every side field of a
    round is a side index. The points of a hand are counted in order (turn-ups, beg, reneges, High,
    Low, Jack, Game) and counting stops the moment a side reaches the target.

    Marks of a round:
    - `points`: the awards counted, in counting order, each {"kind", "side", "points"}; kind is one
      of turn_up, beg, renege, high, low, jack, game. A turn_up award adds "card" (the rank), a
      renege award adds "by" (the side that reneged).
    - `decided_by`: the kind of the point that ended the game ("renege" for a major renege), or null.
    - `uncounted`: the kinds, in order and once each, of the points the hand would still have given
      when the game ended.
    - `uncounted_points`: those points themselves, each {"kind", "side", "points"} like `points`.
    - `game_points`: the card points by side as entered, or null when Game was given directly.
    - `game_winner`: the side that won the Game point (counted or not), or null.
    - `game_tie`: true when nobody won Game (tied card points, or `game` entered as null).
    - `major_renege`: the side that lost the game by a major renege in this hand, or null.
    - `dealer_side`, `beggar_side`: the sides of the dealer and of the player on the dealer's right.
    """

    id = "all-fours"
    name = N_("All Fours")
    blurb = N_("High, Low, Jack and Game: the first side to 7 points wins.")
    min_players, max_players = 2, 4
    round_fields = ("turn_ups", "beg", "reneges", "high", "low", "jack", "game", "game_points")
    options = (
        # None: the default depends on the player count (see option_default), so setup shows no choice made
        Option(
            "teams",
            "bool",
            None,
            TEAMS_LABEL,
            help=N_(
                "Only with 4 players: players 1 and 3 against 2 and 4, partners sitting opposite. "
                "Left unchosen: teams with 4 players, each alone with 2 or 3."
            ),
        ),
        Option("target", "int", 7, N_("Points to win"), min=1, max=99),
        Option(
            "deck",
            "choice",
            52,
            N_("Deck"),
            choices=(52, 32),
            choice_labels=(N_("52 cards"), N_("32 cards (no 2 to 6)")),
        ),
        Option(
            "kick",
            "choice",
            "seed",
            N_("Points for the card turned up"),
            help=N_("Scored by the dealer's side for every card turned up for trump."),
            choices=("seed", "jack", "trinidad"),
            choice_labels=(N_("Ace, Jack or Six: 1 point"), N_("Jack only: 1 point"), N_("Ace 1, Six 2, Jack 3")),
        ),
        Option(
            "low",
            "choice",
            "dealt",
            N_("Who scores Low"),
            help=N_("The scorekeeper records who got the point either way."),
            choices=("dealt", "captured"),
            choice_labels=(N_("The player who was dealt it"), N_("The player who captured it")),
        ),
    )

    # -- setup -----------------------------------------------------------------------------------
    def option_default(self, option: Option, players: list[str]):
        """Teams by default with exactly 4 players."""
        if option.name == "teams":
            return isinstance(players, list) and len(players) == 4
        return option.default

    def check_setup(self, players: list[str], options: dict) -> dict:
        """The shared checks, and teams only with 4 players."""
        try:
            filled = super().check_setup(players, options)
        except Invalid as exc:
            raise Invalid(exc.problems + _team_problems(players, options)) from None
        raise_if(_team_problems(players, filled))
        return filled

    def sides(self, players: list[str], options: dict) -> list[str]:
        """The two teams "Anne & Sylvie", "Julien & Pierre", or the players."""
        if in_teams(options, len(players)):
            return [f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}"]
        return list(players)

    # -- the deal --------------------------------------------------------------------------------
    def next_dealer(self, game: Game, state: State, dealer: int) -> int:
        """The deal passes to the right."""
        return (dealer - 1) % len(game.players)

    def cards(self, game: Game, state: State) -> int:
        """Six cards each."""
        return HAND

    def order(self, game: Game, state: State, dealer: int) -> list[int]:
        """From the dealer's right (who leads and may beg) round to the right, the dealer last."""
        n = len(game.players)
        return [(dealer - 1 - k) % n for k in range(n)]

    def upcoming_extra(self, game: Game, state: State, dealer: int) -> dict:
        """Who may beg, the sides of the beggar and the dealer, and what each side still needs."""
        n, target = len(game.players), game.options["target"]
        beggar = (dealer - 1) % n
        return {
            "beggar": beggar,
            "beggar_side": side_of(beggar, game.options, n),
            "dealer_side": side_of(dealer, game.options, n),
            "target": target,
            "needed": [target - t for t in state.totals],
        }

    def entry(self, game: Game, state: State, dealer: int) -> dict:
        """The ranks the deck holds and what a turn-up gives, the rows for cards run, card points and what
        each card counts, who may beg, the hand size and the target."""
        deck = game.options["deck"]
        ranks = [r for r in RANKS if not (deck == 32 and r in SHORT_DECK_GONE)]
        return {
            "ranks": ranks,
            "kick": {r: p for r, p in KICKS[game.options["kick"]].items() if r in ranks},
            "runs": Span(1, deck - 1, shown=RUNS_SHOWN),
            "card_points": Span(0, CARD_POINTS),
            "card_values": CARD_VALUES,
            "beggar": (dealer - 1) % len(game.players),
            "cards": HAND,
            "target": game.options["target"],
        }

    # -- checking --------------------------------------------------------------------------------
    def check_round(self, game: Game, state: State, rnd: dict) -> tuple[dict, list[Problem]]:
        """Turn-ups, beg, reneges, High, Low, Jack and Game; return the round with its defaults."""
        raise_if(unknown_fields(rnd, self.round_fields))
        checked = read_hand(rnd, game.options["deck"], len(state.totals), len(game.players))
        return checked, _warnings(checked)

    # -- scoring ---------------------------------------------------------------------------------
    def apply(self, game: Game, state: State, rnd: dict):
        """Count the hand in order; the first side to the target, or a major renege, ends the game."""
        n, target = len(game.players), game.options["target"]
        plan = self._plan(game, state, rnd)
        counted, decider, rest = count_hand(plan, state.totals, target)
        scores = [0] * len(state.totals)
        for award in counted:
            scores[award["side"]] += award["points"]
        self.add_up(state, scores)
        names = self.sides(game.players, game.options)
        if decider is not None:
            self._end(state, decider, names, target)
        marks = _marks(
            rnd,
            counted,
            decider,
            rest,
            side_of(state.dealer, game.options, n),
            side_of((state.dealer - 1) % n, game.options, n),
        )
        return scores, marks, _notes(marks)

    def _plan(self, game: Game, state: State, rnd: dict) -> list[dict]:
        """Every award the hand gives, in counting order, before any cut-off."""
        n, kick = len(game.players), game.options["kick"]
        dealer_side = side_of(state.dealer, game.options, n)
        plan = [
            {"kind": "turn_up", "side": dealer_side, "points": kick_points(r, kick), "card": r}
            for r in rnd["turn_ups"]
            if kick_points(r, kick)
        ]
        if rnd["beg"] == "stand":
            plan.append({"kind": "beg", "side": side_of((state.dealer - 1) % n, game.options, n), "points": 1})
        in_order = list(dict.fromkeys(side_of(s, game.options, n) for s in self.order(game, state, state.dealer)))
        for renege in rnd["reneges"]:
            plan += _renege_awards(renege, in_order)
        plan += [
            {"kind": kind, "side": rnd[kind], "points": 1} for kind in ("high", "low", "jack") if rnd[kind] is not None
        ]
        won = _game_side(rnd)
        if won is not None:
            plan.append({"kind": "game", "side": won, "points": 1})
        return plan

    lineup_changes = ("seat", "adjust", "stop")  # All Fours keeps its sides (RULES.md section 8)

    def check_adjust(self, game: Game, state: State, amounts: list[int]) -> list[Problem]:
        """One adjustment changes one side."""
        if sum(1 for a in amounts if a) > 1:
            return [problem(N_("In All Fours one adjustment changes one side."), field="adjust")]
        return []

    def decide_end(self, game: Game, state: State) -> None:
        """An adjustment that takes a side to the target ends the game; that side wins."""
        target = game.options["target"]
        reached = [side for side, total in enumerate(state.totals) if total >= target]
        if not state.finished and reached:
            names = self.sides(game.players, game.options)
            message = N_("%(side)s reached %(target)d by an adjustment.")
            self.end(state, problem(message, side=names[reached[0]], target=target, seat=reached[0]), reached[:1])

    def standing_keys(self, game: Game, state: State, rounds: list[RoundResult]) -> list[tuple]:
        """By total, except that a side which lost by a major renege ranks last whatever its points."""
        loser = rounds[-1].marks["major_renege"] if state.finished and rounds else None
        return [(side == loser, -total) for side, total in enumerate(state.totals)]

    def _end(self, state: State, decider: dict, names: list[str], target: int) -> None:
        """Finish the game: the side that reached the target wins, or a major renege loses it."""
        if "loses" in decider:
            loser = decider["loses"]
            others = [s for s in range(len(state.totals)) if s != loser]
            best = max(state.totals[s] for s in others)
            self.end(
                state,
                problem(N_("%(side)s reneged holding a top trump and lost the game."), side=names[loser], seat=loser),
                [s for s in others if state.totals[s] == best],
            )
            return
        side = decider["side"]
        self.end(
            state,
            problem(
                N_("%(side)s reached %(target)d on %(point)s."),
                side=names[side],
                target=target,
                point=KIND_LABELS[decider["kind"]],
                seat=side,
            ),
            [side],
        )

    # -- statistics ------------------------------------------------------------------------------
    stats = (
        Statistic("high", N_("Points won by High"), "count"),
        Statistic("low", N_("Points won by Low"), "count"),
        Statistic("jack", N_("Points won by Jack"), "count"),
        Statistic("game", N_("Points won by Game"), "count"),
        Statistic("reneges", N_("Reneges"), "count"),
    )

    def seat_side(self, game: Game, seat: int) -> int:
        """The player's team, or the player."""
        return side_of(seat, game.options, len(game.players))

    def statistics(self, game: Game, result: Result) -> list[dict[str, list[int]]]:
        """High, Low, Jack and Game points counted for the player's side, and the side's reneges."""
        kinds = ("high", "low", "jack", "game")
        by_side = [{key: [0, 0] for key in (*kinds, "reneges")} for _ in result.sides]
        for played in result.rounds:
            for award in played.marks["points"]:
                if award["kind"] in kinds:
                    by_side[award["side"]][award["kind"]][0] += award["points"]
            for renege in played.round["reneges"]:
                by_side[renege["side"]]["reneges"][0] += 1
        return [{k: list(v) for k, v in by_side[self.seat_side(game, s)].items()} for s in range(len(game.players))]


def _team_problems(players, options) -> list[Problem]:
    """Teams need exactly 4 players."""
    if not isinstance(options, dict) or options.get("teams") is not True:
        return []
    if isinstance(players, list) and len(players) == 4:
        return []
    count = len(players) if isinstance(players, list) else 0
    return [
        problem(N_("%(option)s: this needs exactly 4 players (got %(n)d)."), option=TEAMS_LABEL, n=count, field="teams")
    ]


def _warnings(rnd: dict) -> list[Problem]:
    """Flag a Jack taken by a side without card points."""
    jack, warnings = rnd["jack"], list[Problem]()
    if jack is None:
        return warnings
    if "game_points" in rnd and rnd["game_points"][jack] == 0:
        warnings.append(
            problem(
                N_("The side that took the Jack has no card points, but the Jack counts 1."),
                seat=jack,
                field="game_points",
            )
        )
    return warnings


def _renege_awards(renege: dict, in_order: list[int]) -> list[dict]:
    """A minor renege gives each other side 1, in playing order; a major one loses the game."""
    side = renege["side"]
    if renege["major"]:
        return [{"kind": "renege", "loses": side}]
    return [{"kind": "renege", "side": other, "points": 1, "by": side} for other in in_order if other != side]


def _game_side(rnd: dict) -> int | None:
    """The side that won the Game point, given or from the card points."""
    if "game_points" in rnd:
        return game_winner(rnd["game_points"])
    return rnd["game"]


def _marks(
    rnd: dict, counted: list[dict], decider: dict | None, rest: list[dict], dealer_side: int, beggar_side: int
) -> dict:
    """The display facts of a counted hand (see the class docstring)."""
    won = _game_side(rnd)
    return {
        "points": [dict(a) for a in counted],
        "decided_by": decider["kind"] if decider else None,
        "uncounted": list(dict.fromkeys(a["kind"] for a in rest)),
        "uncounted_points": [dict(a) for a in rest],
        "game_points": rnd.get("game_points"),
        "game_winner": won,
        "game_tie": won is None,
        "major_renege": decider["loses"] if decider and "loses" in decider else None,
        "dealer_side": dealer_side,
        "beggar_side": beggar_side,
    }


def _notes(marks: dict) -> list[Problem]:
    """Say when points went uncounted, and when the card points tied so nobody won Game."""
    notes = []
    if marks["uncounted"]:
        notes.append(problem(N_("The game ended during this hand: the points after it are not counted.")))
    if marks["game_tie"] and marks["game_points"] is not None and marks["decided_by"] is None:
        notes.append(problem(N_("Nobody scores Game this hand: the card points are tied."), field="game"))
    return notes


RULES = AllFours()
