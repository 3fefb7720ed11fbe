"""Everest & Abyss (seed 002; the game's title is not in the text): RULES.md section 3."""

from __future__ import annotations

from ...rules.base import N_, Game, Option, Problem, Result, RoundResult, Rules, State, Statistic, fail, problem
from ...rules.fields import Span, bool_entries, by_seat, is_int, raise_if, unknown_fields
from ...rules.problems import Nn_, shown

COTES = ("everest", "abyss")
FIRST_STAKE = 3  # tour 1: everyone stakes 1 to 3
RAISE = 9  # tour 2: a raise of at most 9
MAX_STAKE = FIRST_STAKE + RAISE  # in one round; aligning in tour 3 matches a stake itself at most 12
DIGITS = Span(1, 9)  # the digits on the cards
BEST = {"everest": "highest", "abyss": "lowest"}  # which number wins under each cote


def number(cote: str, a: int, b: int) -> int:
    """The number two digits form: EVEREST puts the higher digit first, ABYSS the lower."""
    high, low = max(a, b), min(a, b)
    return 10 * high + low if cote == "everest" else 10 * low + high


# every number two digits form, by cote and the digits as typed ("52"): what a form previews
NUMBERS = {cote: {f"{a}{b}": number(cote, a, b) for a in DIGITS.values() for b in DIGITS.values()} for cote in COTES}
# the best number there is under each cote: 99 on EVEREST, 11 on ABYSS
TOPS = {cote: (max if BEST[cote] == "highest" else min)(NUMBERS[cote].values()) for cote in COTES}


def showdown(cote: str, hands: list, order: list[int]) -> tuple[int, bool]:
    """The winner among the seats of `order` with a hand, and whether Big Boss broke a tie.

    `hands` is indexed by seat; on equal numbers the seat earliest in the betting order wins.
    """
    shown = [s for s in order if hands[s] is not None]
    numbers = {s: number(cote, *hands[s]) for s in shown}
    best = max(numbers.values()) if cote == "everest" else min(numbers.values())
    tied = [s for s in shown if numbers[s] == best]
    return tied[0], len(tied) > 1


def _still_in(folded: list[bool]) -> list[int]:
    """The seats that did not fold."""
    return [s for s, f in enumerate(folded) if not f]


class EverestAbyss(Rules):
    """Stake tokens on two digits; the winner takes the pot; win every token to win the game.

    `state.totals` are the tokens each player holds; a round's scores are what it changed.
    `state.extra["out"]` lists the eliminated seats, sorted.

    Marks of a round:
    - `pot`: the tokens staked by everyone, folded players included.
    - `winner`: the seat that took the pot.
    - `numbers`: by seat, the number the player's two digits formed, or null without a hand.
    - `big_boss`: true when equal best numbers were decided by who bet first.
    - `tapis`: seats that staked everything they held.
    - `out`: seats eliminated by this round.
    - `held`: by seat, the tokens held at the start of the round.
    - `order`: the betting order of the round (from the dealer's left, eliminated players skipped).
    """

    id = "everest-abyss"
    name = N_("Everest & Abyss")
    blurb = N_("Stake tokens on two digits, highest or lowest wins: take every token to win.")
    min_players, max_players = 2, 8
    round_fields = ("cote", "staked", "folded", "hands", "winner")
    options = (
        Option(
            "tokens",
            "int",
            26,
            N_("Tokens each player starts with"),
            min=2,
            max=9999,
            help=N_("Five 1s, four 3s and one 9 make 26."),
        ),
        Option(
            "rounds",
            "int?",
            None,
            N_("Round limit"),
            min=1,
            max=999,
            help=N_(
                "Leave empty to play until one player holds every token; with a limit, the "
                "most tokens after the last round wins."
            ),
        ),
    )

    # -- players who come and go (RULES.md section 8) ------------------------------------------
    start_range = None  # a newcomer brings a full set of tokens
    seat_fields = ("winner",)
    seat_marks = ("winner", "out", "tapis", "order")
    leavers_out = True  # a leaver is out in the last round they played

    def join_start(self, game: Game, state: State) -> int:
        """A newcomer brings the starting tokens: the tokens in play grow by as much."""
        return game.options["tokens"]

    def project_extra(self, extra: dict, members: list[int]) -> dict:
        """The eliminated players among `members`, by their place there."""
        return {**extra, "out": [members.index(s) for s in extra["out"] if s in members]}

    def merge_extra(self, extra: dict, seen: dict, members: list[int]) -> dict:
        """The eliminated players, with those the players `members` put out."""
        return {**extra, "out": sorted({*extra["out"], *(members[s] for s in seen["out"])})}

    def check_adjust(self, game: Game, state: State, amounts: list[int]) -> list[Problem]:
        """Tokens move from player to player: they add up to 0, none go to a player out, none held go below 0."""
        if sum(amounts):
            return [
                problem(
                    N_("An adjustment moves tokens from player to player: it must add up to 0 (got %(value)d)."),
                    value=sum(amounts),
                    field="adjust",
                )
            ]
        out = state.extra["out"]
        return [
            problem(
                N_("%(name)s is out of the game: no tokens go to them."), name=game.players[s], seat=s, field="adjust"
            )
            if s in out
            else problem(
                N_("An adjustment cannot leave %(name)s below 0 tokens."), name=game.players[s], seat=s, field="adjust"
            )
            for s, a in enumerate(amounts)
            if (a > 0 and s in out) or state.totals[s] + a < 0
        ]

    def adjust(self, game: Game, state: State, amounts: list[int]) -> None:
        """Move the tokens; a player left with none is out, in the last round played."""
        self.add_up(state, amounts)
        emptied = [s for s, t in enumerate(state.totals) if t == 0 and s not in state.extra["out"]]
        state.extra["out"] = sorted(state.extra["out"] + emptied)
        state.extra["out_after"] = {**state.extra.get("out_after", {}), **dict.fromkeys(emptied, state.played)}

    def decide_end(self, game: Game, state: State) -> None:
        """Over when one player still in holds every token in play, or after the round limit."""
        state.finished, state.ending, state.winners = False, None, []
        self._end(game, state, state.played)

    # -- seats -----------------------------------------------------------------------------------
    def start(self, game: Game) -> State:
        """Everyone holds the starting tokens; nobody is out."""
        n = len(game.players)
        return State(totals=[game.options["tokens"]] * n, dealer=game.first_dealer, extra={"out": []})

    def next_dealer(self, game: Game, state: State, dealer: int) -> int:
        """The next player clockwise who is still in the game."""
        n, out = len(game.players), state.extra["out"]
        for step in range(1, n + 1):
            seat = (dealer + step) % n
            if seat not in out:
                return seat
        return dealer

    def can_deal(self, game: Game, state: State, seat: int) -> bool:
        """An eliminated player does not deal."""
        return seat not in state.extra["out"]

    def order(self, game: Game, state: State, dealer: int) -> list[int]:
        """Betting order: from the dealer's left round to the dealer, eliminated players skipped."""
        n, out = len(game.players), state.extra["out"]
        return [s for s in ((dealer + 1 + k) % n for k in range(n)) if s not in out]

    def upcoming_extra(self, game: Game, state: State, dealer: int) -> dict:
        """Tokens held by seat, the eliminated seats and the tokens in play."""
        return {
            "held": list(state.totals),
            "out": list(state.extra["out"]),
            "bank": sum(state.totals),  # the starting tokens of each player, less a leaver's, plus a latecomer's
        }

    def standing_keys(self, game: Game, state: State, rounds: list[RoundResult]) -> list[tuple]:
        """By tokens held; among the players out, the later out ranks higher, out in the same round shared."""
        out_in = {seat: r.number for r in rounds for seat in r.marks["out"]}
        out_in.update(state.extra.get("out_after", {}))  # emptied by an adjustment
        gone = state.lineup.gone if state.lineup is not None else {}
        out_in.update(gone)  # a leaver is out in the last round they played, their tokens gone with them
        return [(-0 if seat in gone else -tokens, -out_in.get(seat, 0)) for seat, tokens in enumerate(state.totals)]

    def entry(self, game: Game, state: State, dealer: int) -> dict:
        """The calls, each player's stake 1..what they hold, at most 12 (None when out), the betting order, the digits,
        the numbers they form and which wins, and the tokens on the table."""
        out = state.extra["out"]
        return {
            "cotes": COTES,
            "best": BEST,
            "stakes": [None if s in out else Span(1, min(held, MAX_STAKE)) for s, held in enumerate(state.totals)],
            "held": list(state.totals),
            "order": self.order(game, state, dealer),
            "digits": DIGITS,
            "numbers": NUMBERS,
            "tops": TOPS,
            "bank": sum(state.totals),
        }

    # -- checking --------------------------------------------------------------------------------
    def check_round(self, game: Game, state: State, rnd: dict) -> tuple[dict, list[Problem]]:
        """The call, stakes, folds, hands and winner; the winner is filled in when it can be computed."""
        raise_if(unknown_fields(rnd, self.round_fields))
        n, out = len(game.players), state.extra["out"]
        raise_if(_cote_problems(rnd))
        staked = by_seat(rnd, "staked", n)
        folded = by_seat(rnd, "folded", n)
        hands = [None] * n if rnd.get("hands") is None else by_seat(rnd, "hands", n)
        raise_if(_stake_problems(staked, state.totals, out) + bool_entries(folded, "folded", N_("Folded")))
        raise_if(_fold_problems(folded, out) + _hand_problems(hands, folded))
        hands = [None if h is None else list(h) for h in hands]
        betting = self.order(game, state, state.dealer)
        winner = _winner(rnd.get("winner"), rnd["cote"], hands, folded, out, betting, game.players)
        checked = {"cote": rnd["cote"], "staked": staked, "folded": folded, "hands": hands, "winner": winner}
        return checked, _alignment_warnings(staked, folded, state.totals)

    # -- scoring ---------------------------------------------------------------------------------
    def apply(self, game: Game, state: State, rnd: dict):
        """The winner takes the pot; whoever is left with nothing is out; one holding all ends it."""
        held, staked, winner = list(state.totals), rnd["staked"], rnd["winner"]
        betting = self.order(game, state, state.dealer)
        pot = sum(staked)
        scores = [(pot if s == winner else 0) - stake for s, stake in enumerate(staked)]
        state.totals = [h + d for h, d in zip(held, scores, strict=True)]
        newly_out = [s for s, t in enumerate(state.totals) if t == 0 and s not in state.extra["out"]]
        state.extra["out"] = sorted(state.extra["out"] + newly_out)
        self._end(game, state, state.played + 1)
        marks = _marks(rnd, held, betting, newly_out)
        notes = [problem(N_("%(name)s is out of the game."), name=game.players[s], seat=s) for s in newly_out]
        if marks["big_boss"]:
            notes.insert(
                0,
                problem(
                    N_("Big Boss: %(name)s bet first and wins the tie."),
                    name=game.players[winner],
                    seat=winner,
                    field="winner",
                ),
            )
        return scores, marks, notes

    def _end(self, game: Game, state: State, played: int) -> None:
        """Finish when one player holds every token, or after the round limit (`played` rounds so far)."""
        still = [s for s, t in enumerate(state.totals) if t > 0]
        limit = game.options["rounds"]
        if len(still) == 1:
            self.end(
                state, problem(N_("%(name)s holds every token."), name=game.players[still[0]], seat=still[0]), still
            )
        elif limit is not None and played >= limit:
            self.end(
                state,
                problem(
                    Nn_("The only round has been played.", "The last of the %(num)d rounds has been played."), num=limit
                ),
            )

    # -- statistics ------------------------------------------------------------------------------
    stats = (
        Statistic("survived", N_("Rounds survived"), "count"),
        Statistic("won", N_("Rounds won"), "count"),
        Statistic("big_boss", N_("Big Boss wins"), "count"),
        Statistic("biggest_pot", N_("Biggest pot taken"), "best"),
    )

    def statistics(self, game: Game, result: Result) -> list[dict[str, list[int]]]:
        """Rounds played through still holding tokens, rounds won, wins by Big Boss, the biggest pot taken."""
        counts = [{"survived": [0, 0], "won": [0, 0], "big_boss": [0, 0], "biggest_pot": [0, 0]} for _ in game.players]
        for played in result.rounds:
            marks = played.marks
            for seat in marks["order"]:
                counts[seat]["survived"][0] += played.totals[seat] > 0
            won = counts[marks["winner"]]
            won["won"][0] += 1
            won["big_boss"][0] += bool(marks["big_boss"])
            won["biggest_pot"][0] = max(won["biggest_pot"][0], marks["pot"])
        return counts


def _marks(rnd: dict, held: list[int], betting: list[int], newly_out: list[int]) -> dict:
    """The display facts of a scored round (see the class docstring)."""
    cote, hands, staked = rnd["cote"], rnd["hands"], rnd["staked"]
    in_ = _still_in(rnd["folded"])
    big_boss = len(in_) > 1 and all(hands[s] is not None for s in in_) and showdown(cote, hands, betting)[1]
    return {
        "pot": sum(staked),
        "winner": rnd["winner"],
        "numbers": [None if h is None else number(cote, *h) for h in hands],
        "big_boss": big_boss,
        "tapis": [s for s in betting if staked[s] == held[s]],
        "out": newly_out,
        "held": held,
        "order": betting,
    }


def _cote_problems(rnd: dict) -> list[Problem]:
    """The call is EVEREST or ABYSS."""
    if rnd.get("cote") is None:
        return [problem(N_("The field %(field)s is missing."), field="cote")]
    if rnd["cote"] not in COTES:
        return [
            problem(
                N_("%(what)s must be one of: %(allowed)s."), what=N_("The call"), allowed=", ".join(COTES), field="cote"
            )
        ]
    return []


def _stake_problems(staked: list, held: list[int], out: list[int]) -> list[Problem]:
    """Every player still in the game stakes 1 up to what they hold, at most 12; eliminated players stake 0."""
    problems = []
    for seat, value in enumerate(staked):
        if not is_int(value):
            problems.append(
                problem(N_("%(what)s must be a whole number."), what=N_("The stake"), seat=seat, field="staked")
            )
        elif seat in out and value != 0:
            problems.append(
                problem(
                    N_("An eliminated player stakes nothing (got %(value)d)."), value=value, seat=seat, field="staked"
                )
            )
        elif seat not in out and value > MAX_STAKE and held[seat] > MAX_STAKE:
            problems.append(
                problem(
                    N_(
                        "A player stakes at most %(max)d in one round: 3 in the first betting turn plus at most 9 "
                        "(got %(value)d)."
                    ),
                    max=MAX_STAKE,
                    value=value,
                    seat=seat,
                    field="staked",
                )
            )
        elif seat not in out and not 1 <= value <= min(held[seat], MAX_STAKE):
            problems.append(
                problem(
                    N_("The stake must be between %(lo)d and %(hi)d (got %(value)d)."),
                    lo=1,
                    hi=min(held[seat], MAX_STAKE),
                    value=value,
                    seat=seat,
                    field="staked",
                )
            )
    return problems


def _fold_problems(folded: list[bool], out: list[int]) -> list[Problem]:
    """Eliminated players count as folded; someone must still be in."""
    problems = [
        problem(N_("An eliminated player cannot play on: they must be marked as folded."), seat=s, field="folded")
        for s in out
        if not folded[s]
    ]
    if not problems and all(folded):
        problems.append(problem(N_("Everyone folded: at least one player must stay in."), field="folded"))
    return problems


def _hand_problems(hands: list, folded: list[bool]) -> list[Problem]:
    """A hand is two digits 1..9, given only for a player who did not fold."""
    problems = []
    for seat, hand in enumerate(hands):
        if hand is None:
            continue
        if folded[seat] is True:
            problems.append(problem(N_("A player who folded shows no hand."), seat=seat, field="hands"))
        elif not isinstance(hand, list) or len(hand) != 2 or not all(is_int(d) for d in hand):
            problems.append(problem(N_("A hand must be two digits."), seat=seat, field="hands"))
        elif not all(DIGITS.pick(d) is not None for d in hand):
            problems.append(
                problem(
                    N_("Each digit of a hand must be between 1 and 9 (got %(a)d and %(b)d)."),
                    a=hand[0],
                    b=hand[1],
                    seat=seat,
                    field="hands",
                )
            )
    return problems


def _winner(
    given, cote: str, hands: list, folded: list[bool], out: list[int], betting: list[int], names: list[str]
) -> int:
    """The given winner checked against the hands, or the winner the hands (or the folds) decide."""
    in_ = _still_in(folded)
    if given is not None:
        raise_if(_given_winner_problems(given, len(folded), folded, out))
    if len(in_) == 1:
        return in_[0]
    if given is None:
        raise_if(
            [
                problem(N_("Enter the winner, or the two digits of every player still in."), seat=s, field="hands")
                for s in in_
                if hands[s] is None
            ][:1]
        )
        return showdown(cote, hands, betting)[0]
    # only hands of players still in are accepted, so the known ones can overrule the given winner
    best = showdown(cote, hands, betting)[0] if hands[given] is not None else given
    if best == given:
        return given
    best_number, own = number(cote, *hands[best]), number(cote, *hands[given])
    if best_number == own:
        message = N_("%(name)s bet first with the same %(number)d: by Big Boss, %(name)s is the winner.")
    else:
        message = N_("The hands entered make %(name)s the winner (%(number)d against %(own)d).")
    raise fail(message, name=names[best], number=best_number, own=own, seat=given, field="winner")


def _given_winner_problems(given, n: int, folded: list[bool], out: list[int]) -> list[Problem]:
    """The winner is a seat still in the game who did not fold."""
    if not is_int(given) or not 0 <= given < n:
        return [
            problem(
                N_("The winner must be a seat from 0 to %(last)d (got %(value)s)."),
                last=n - 1,
                value=shown(given),
                field="winner",
            )
        ]
    if given in out:
        return [problem(N_("The winner is out of the game."), seat=given, field="winner")]
    if folded[given]:
        return [problem(N_("The winner folded: they cannot take the pot."), seat=given, field="winner")]
    return []


def _alignment_warnings(staked: list[int], folded: list[bool], held: list[int]) -> list[Problem]:
    """Warn when a player still in staked less than the highest stake without going tapis."""
    in_ = _still_in(folded)
    top = max(staked[s] for s in in_)
    return [
        problem(
            N_("Staked %(value)d, below the highest stake (%(top)d), without going tapis."),
            top=top,
            value=staked[s],
            seat=s,
            field="staked",
        )
        for s in in_
        if staked[s] < top and staked[s] < held[s]
    ]


RULES = EverestAbyss()
