"""All Fours (seed 003), one hand as told at the table: each field read and checked (RULES.md section 4).

The scoring is in all_fours.py; this module only says whether a hand can have happened."""

from __future__ import annotations

from ...rules.base import N_, Invalid, Problem, problem
from ...rules.fields import int_entries, is_int, raise_if
from ...rules.problems import shown

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SHORT_DECK_GONE = ("2", "3", "4", "5", "6")
BEGS = (None, "stand", "run")
CARD_VALUES = {"10": 10, "A": 4, "K": 3, "Q": 2, "J": 1}  # what each card counts towards Game
SUITS = 4
CARD_POINTS = SUITS * sum(CARD_VALUES.values())  # 80 in the deck
HAND = 6
SIDE_FIELDS = {"high": N_("High"), "low": N_("Low"), "jack": N_("Jack")}


def read_hand(rnd: dict, deck: int, n_sides: int, n_players: int) -> dict:
    """Turn-ups, beg, reneges, High, Low, Jack and Game, checked; return the hand with its defaults."""
    turn_ups = _turn_ups(rnd, deck)
    beg = _beg(rnd, turn_ups)
    reneges = _reneges(rnd, n_sides, n_players)
    raise_if([p for name, what in SIDE_FIELDS.items() for p in _side_problems(rnd.get(name), name, what, n_sides)])
    raise_if(_high_low_problems(rnd))
    raise_if(_jack_problems(rnd, turn_ups))
    return {
        "turn_ups": turn_ups,
        "beg": beg,
        "reneges": reneges,
        "high": rnd.get("high"),
        "low": rnd.get("low"),
        "jack": rnd.get("jack"),
        **_game(rnd, n_sides),
    }


def _turn_ups(rnd: dict, deck: int) -> list[str]:
    """The ranks turned up for trump: at least one, each a rank the deck holds."""
    value = rnd.get("turn_ups")
    if value is None:
        raise Invalid([problem(N_("The field %(field)s is missing."), field="turn_ups")])
    if not isinstance(value, list):
        raise Invalid([problem(N_("The field %(field)s must list the cards turned up."), field="turn_ups")])
    if not value:
        raise Invalid([problem(N_("Enter the card turned up for trump."), field="turn_ups")])
    if len(value) > deck:
        raise Invalid(
            [
                problem(
                    N_("At most %(max)d cards can be turned up in a hand (got %(count)d)."),
                    max=deck,
                    count=len(value),
                    field="turn_ups",
                )
            ]
        )
    problems = []
    for number, rank in enumerate(value, 1):
        if not isinstance(rank, str) or rank not in RANKS:
            problems.append(
                problem(
                    N_(
                        "Card %(number)d turned up is not a rank (got %(value)s): the ranks are 2 to 10, J, Q, K and A."
                    ),
                    number=number,
                    value=shown(rank),
                    field="turn_ups",
                )
            )
        elif deck == 32 and rank in SHORT_DECK_GONE:
            problems.append(
                problem(
                    N_("Card %(number)d turned up is a %(rank)s, but the 32-card deck has no 2 to 6."),
                    number=number,
                    rank=rank,
                    field="turn_ups",
                )
            )
    raise_if(problems)
    return list(value)


def _beg(rnd: dict, turn_ups: list[str]):
    """The beg: none, stand or run; the cards were run exactly when more than one card was turned up."""
    beg = rnd.get("beg")
    if beg not in BEGS:
        raise Invalid(
            [
                problem(
                    N_("%(what)s must be one of: %(allowed)s."),
                    what=N_("The beg"),
                    allowed="null, stand, run",  # a game file's words: no beg is null, not "none"
                    field="beg",
                )
            ]
        )
    if beg == "run" and len(turn_ups) < 2:
        raise Invalid([problem(N_("The cards were run: enter every card turned up, at least two."), field="turn_ups")])
    if beg != "run" and len(turn_ups) > 1:
        raise Invalid(
            [
                problem(
                    N_("%(count)d cards were turned up, so the cards were run: the beg must be run."),
                    count=len(turn_ups),
                    field="beg",
                )
            ]
        )
    return beg


def _reneges(rnd: dict, n_sides: int, n_players: int) -> list[dict]:
    """The reneges: each names a side and whether it was major; at most one major a hand."""
    value = rnd.get("reneges")
    if value is None:
        return []
    if not isinstance(value, list):
        raise Invalid([problem(N_("The field %(field)s must be a list of reneges."), field="reneges")])
    if len(value) > HAND * n_players:
        raise Invalid(
            [
                problem(
                    N_("At most %(max)d reneges can happen in a hand (got %(count)d)."),
                    max=HAND * n_players,
                    count=len(value),
                    field="reneges",
                )
            ]
        )
    problems = [p for number, r in enumerate(value, 1) for p in _renege_problems(r, number, n_sides)]
    raise_if(problems)
    reneges = [{"side": r["side"], "major": r.get("major", False)} for r in value]
    if sum(r["major"] for r in reneges) > 1:
        raise Invalid(
            [problem(N_("Only one major renege can end a hand: the first one lost the game."), field="reneges")]
        )
    return reneges


def _renege_problems(renege, number: int, n_sides: int) -> list[Problem]:
    """A renege is {"side": S, "major": bool}."""
    if not isinstance(renege, dict) or "side" not in renege or set(renege) - {"side", "major"}:
        return [
            problem(
                N_("Renege %(number)d must name its side and whether it was major."), number=number, field="reneges"
            )
        ]
    problems = _side_problems(renege["side"], "reneges", N_("The side of a renege"), n_sides)
    if not isinstance(renege.get("major", False), bool):
        problems.append(
            problem(
                N_("%(what)s must be true or false."),
                what=N_("A major renege"),
                seat=renege["side"] if not problems else None,
                field="reneges",
            )
        )
    return problems


def _side_problems(value, name: str, what: str, n_sides: int) -> list[Problem]:
    """A side field holds a side index or null; `what` labels it."""
    if value is None or (is_int(value) and 0 <= value < n_sides):
        return []
    return [
        problem(
            N_("%(what)s must be a side from 0 to %(last)d (got %(value)s)."),
            what=what,
            last=n_sides - 1,
            value=shown(value),
            field=name,
        )
    ]


def _high_low_problems(rnd: dict) -> list[Problem]:
    """High and Low are both scored or neither; the Jack in play means trumps were in play."""
    high, low = rnd.get("high"), rnd.get("low")
    if high is not None and low is None:
        return [problem(N_("High was scored, so Low was too: enter who got Low."), field="low")]
    if low is not None and high is None:
        return [problem(N_("Low was scored, so High was too: enter who got High."), field="high")]
    if rnd.get("jack") is not None and high is None:
        return [
            problem(N_("The Jack of trump was in play, so High and Low were too: enter who got them."), field="high")
        ]
    return []


def _game(rnd: dict, n_sides: int) -> dict:
    """Exactly one of `game` (a side or null) and `game_points` (card points by side)."""
    has_game, has_points = "game" in rnd, rnd.get("game_points") is not None
    if has_game and has_points:
        raise Invalid([problem(N_("Enter either the side that won Game or the card points, not both."), field="game")])
    if not has_points:
        if not has_game:
            raise Invalid([problem(N_("Enter the side that won Game, or each side's card points."), field="game")])
        raise_if(_side_problems(rnd["game"], "game", N_("Game"), n_sides))
        return {"game": rnd["game"]}
    points = rnd["game_points"]
    if not isinstance(points, list) or len(points) != n_sides:
        raise Invalid(
            [
                problem(
                    N_("The field %(field)s must list one entry for each of the %(n)d sides."),
                    n=n_sides,
                    field="game_points",
                )
            ]
        )
    raise_if(int_entries(points, "game_points", N_("Card points"), 0, CARD_POINTS))
    if sum(points) > CARD_POINTS:
        raise Invalid(
            [
                problem(
                    N_("The card points add up to %(total)d, but the deck holds only %(max)d."),
                    total=sum(points),
                    max=CARD_POINTS,
                    field="game_points",
                )
            ]
        )
    return {"game_points": list(points)}


def _jack_problems(rnd: dict, turn_ups: list[str]) -> list[Problem]:
    """The Jack turned up last for trump stays on the pack: nobody can take it."""
    if rnd.get("jack") is None or turn_ups[-1] != "J":
        return []
    return [
        problem(
            N_("The last card turned up for trump was the Jack: it stays on the pack, so nobody takes Jack."),
            field="jack",
        )
    ]
