"""Inferno (Reiner Knizia, Piatnik 2004): RULES.md section 5."""

from __future__ import annotations

from ...rules.base import N_, Game, Option, Problem, Result, Rules, State, Statistic, problem
from ...rules.fields import Span, by_seat, int_entries, is_int, raise_if, unknown_fields

FACES = (1, 2, 3, 4, 5)  # the values of the red cards
PER_FACE = 4  # red cards of each value in the deck
OTHER_CARDS = 80  # the cards of the four other colours
OTHER_POINTS = 1  # what each card that is not red costs
HAND = 12
MIN_PICKUP = 3


def red_points(counts: list[int]) -> int:
    """The face values of the red cards collected, from their counts by value 1..5."""
    return sum(face * count for face, count in zip(FACES, counts, strict=True))


def round_score(counts: list[int], other: int) -> int:
    """Points for one player (lower is better): red cards at face value, every other card 1."""
    return red_points(counts) + OTHER_POINTS * other


class Inferno(Rules):
    """Shed cards onto the pile or pick it up; red cards cost their value; the lowest total wins.

    The rotated "dealer" is the seat to the right of the round's starter, so `Upcoming.first` is
    the player who starts; it moves one seat left each round.

    Marks of a round:
    - `tie_break`: true when the round was played beyond the round limit to break a tie.
    - `cards`: by seat, the cards collected (red and other).
    - `red_points`: by seat, the points the red cards cost.
    """

    id = "inferno"
    name = N_("Inferno")
    blurb = N_("Get rid of your cards and avoid the red ones: the lowest score wins.")
    min_players, max_players = 3, 7
    lowest_wins = True
    round_fields = ("red", "other")
    options = (
        Option(
            "rounds",
            "int",
            None,
            N_("Number of rounds"),
            min=1,
            max=99,
            help=N_("As many rounds as players unless changed; a tie for the lowest score adds rounds."),
        ),
    )

    def option_default(self, option: Option, players: list[str]):
        """As many rounds as players."""
        if option.name == "rounds":
            return len(players)
        return option.default

    def cards(self, game: Game, state: State) -> int:
        """12 cards each, every round."""
        return HAND

    def upcoming_extra(self, game: Game, state: State, dealer: int) -> dict:
        """Who starts the round: the dealer's left neighbour."""
        return {"starter": (dealer + 1) % len(game.players)}

    def entry(self, game: Game, state: State, dealer: int) -> dict:
        """Who starts; the red values, what each costs and how many of each one player or the table may hold;
        the other cards likewise; the fewest cards a pickup takes."""
        return {
            "starter": (dealer + 1) % len(game.players),
            "faces": FACES,
            "red": Span(0, PER_FACE),
            "other": Span(0, OTHER_CARDS),
            "points": {"red": {face: face for face in FACES}, "other": OTHER_POINTS},
            "least": MIN_PICKUP,
        }

    def upcoming_notes(self, game: Game, state: State) -> list[Problem]:
        """Past the round limit, the next round breaks the tie for the lowest score."""
        if state.played < game.options["rounds"]:
            return []
        low = _lowest(state.totals)
        return [
            problem(
                N_("Tie for the lowest score (%(total)d): %(names)s. One more round decides."),
                total=state.totals[low[0]],
                names=", ".join(game.players[s] for s in low),
            )
        ]

    def check_round(self, game: Game, state: State, rnd: dict) -> tuple[dict, list[Problem]]:
        """Red counts by value and other cards by seat, within what the deck holds."""
        raise_if(unknown_fields(rnd, self.round_fields))
        n = len(game.players)
        red = by_seat(rnd, "red", n)
        other = by_seat(rnd, "other", n)
        raise_if(_red_problems(red) + int_entries(other, "other", N_("The number of other cards"), 0, OTHER_CARDS))
        red = [list(row) for row in red]
        raise_if(_deck_problems(red, other))
        return {"red": red, "other": other}, _pickup_warnings(red, other)

    def apply(self, game: Game, state: State, rnd: dict):
        """Score each player; after the last round a unique lowest total wins, else one more round."""
        red, other = rnd["red"], rnd["other"]
        scores = [round_score(counts, o) for counts, o in zip(red, other, strict=True)]
        self.add_up(state, scores)
        number, limit = state.played + 1, game.options["rounds"]
        low = _lowest(state.totals)
        if number >= limit and len(low) == 1:
            said = N_("The last round has been played.") if number == limit else N_("The tie-break round decided it.")
            self.end(state, problem(said), low)
        marks = {
            "tie_break": number > limit,
            "cards": [sum(counts) + o for counts, o in zip(red, other, strict=True)],
            "red_points": [red_points(counts) for counts in red],
        }
        return scores, marks, []

    def decide_end(self, game: Game, state: State) -> None:
        """From the last round on, a unique lowest total among those still playing wins (a change may make it)."""
        state.finished, state.ending, state.winners = False, None, []
        limit, low = game.options["rounds"], _lowest(state.totals)
        if state.played >= limit and len(low) == 1:
            said = (
                N_("The last round has been played.")
                if state.played == limit
                else N_("The tie-break round decided it.")
            )
            self.end(state, problem(said), low)

    # -- statistics ------------------------------------------------------------------------------
    stats = (Statistic("red", N_("Red points per round"), "mean"),)

    def statistics(self, game: Game, result: Result) -> list[dict[str, list[int]]]:
        """The red points collected, over the rounds played."""
        counts = [{"red": [0, 0]} for _ in game.players]
        for played in result.rounds:
            for seat, points in enumerate(played.marks["red_points"]):
                counts[seat]["red"][0] += points
                counts[seat]["red"][1] += 1
        return counts


def _lowest(totals: list[int]) -> list[int]:
    """The seats with the lowest total."""
    best = min(totals)
    return [s for s, t in enumerate(totals) if t == best]


def _red_problems(red: list) -> list[Problem]:
    """Each seat's red cards are five counts, for the values 1 to 5, each 0 to 4."""
    problems = []
    for seat, row in enumerate(red):
        if not isinstance(row, list) or len(row) != len(FACES):
            problems.append(
                problem(
                    N_("The red cards must be counted for each value from 1 to 5: five numbers."),
                    seat=seat,
                    field="red",
                )
            )
            continue
        for face, count in zip(FACES, row, strict=True):
            if not is_int(count):
                problems.append(
                    problem(
                        N_("The count of red %(face)d cards is not a whole number."), face=face, seat=seat, field="red"
                    )
                )
            elif not 0 <= count <= PER_FACE:
                problems.append(
                    problem(
                        N_("The count of red %(face)d cards must be between 0 and %(hi)d (got %(value)d)."),
                        face=face,
                        hi=PER_FACE,
                        value=count,
                        seat=seat,
                        field="red",
                    )
                )
    return problems


def _deck_problems(red: list[list[int]], other: list[int]) -> list[Problem]:
    """No more red cards of a value than the deck's four, no more than its 80 other cards."""
    problems = []
    for k, face in enumerate(FACES):
        total = sum(row[k] for row in red)
        if total > PER_FACE:
            problems.append(
                problem(
                    N_("There are only %(hi)d red %(face)d cards, but %(total)d were entered."),
                    hi=PER_FACE,
                    face=face,
                    total=total,
                    field="red",
                )
            )
    if sum(other) > OTHER_CARDS:
        problems.append(
            problem(
                N_("There are only %(hi)d cards that are not red, but %(total)d were entered."),
                hi=OTHER_CARDS,
                total=sum(other),
                field="other",
            )
        )
    return problems


def _pickup_warnings(red: list[list[int]], other: list[int]) -> list[Problem]:
    """Warn about 1 or 2 cards collected: a pickup is at least 3, unless the pile ran out."""
    warnings = []
    for seat, (counts, o) in enumerate(zip(red, other, strict=True)):
        cards = sum(counts) + o
        if 0 < cards < MIN_PICKUP:
            warnings.append(
                problem(
                    N_("Cards collected: %(cards)d. A pickup is at least %(least)d cards, unless the pile ran out."),
                    cards=cards,
                    least=MIN_PICKUP,
                    seat=seat,
                    field="other",
                )
            )
    return warnings


RULES = Inferno()
