"""Who sits where as a game with changes goes (RULES.md section 8), and a game seen by some of its players:
their names, totals and state indexed as they sit, and what they did put back by player. Pure Python."""

from __future__ import annotations

from dataclasses import dataclass, field

from .base import Game, Problem, RoundResult, Rules, State
from .fields import is_int


@dataclass
class Table:
    """Who sits where as a game goes: seats clockwise, the names holding them, who left, who sits out."""

    seating: list[int]  # every player seated so far, clockwise (a leaver keeps their place)
    names: list[str]  # who holds each player's seat now (a seat handed over changes its name)
    gone: dict[int, int] = field(default_factory=dict)  # a player who left -> the rounds played then
    away: list[int] = field(default_factory=list)  # who sits out the next round
    joined: dict[int, int] = field(default_factory=dict)  # a latecomer -> the round they joined before
    last_dealer: int | None = None
    hint: tuple[int, list[int]] | None = None  # the rules' next dealer and the players it was named among
    stopped: int | None = None  # the game was stopped after this round
    events: list[dict] = field(default_factory=list)  # every change as played, for the board and the sheet

    def still(self) -> list[int]:
        """The players still in the game, clockwise."""
        return [p for p in self.seating if p not in self.gone]

    def members(self) -> list[int]:
        """The players of the next round, clockwise: still in, not sitting it out."""
        return [p for p in self.still() if p not in self.away]


# -- the view of some players ------------------------------------------------------------------------------
def view(rules: Rules, game: Game, state: State, members: list[int]) -> tuple[Game, State]:
    """The game and state as the players `members` alone see them, indexed as that list."""
    names = [state.lineup.names[p] for p in members]
    if members == list(range(len(game.players))):  # everyone (All Fours always): sides stay as they are
        return Game(game.rules, names, game.options, game.first_dealer), state
    dealer = members.index(state.dealer) if state.dealer in members else 0
    seen = State(
        totals=[state.totals[p] for p in members],
        dealer=dealer,
        played=state.played,
        finished=state.finished,
        winners=[members.index(w) for w in state.winners if w in members],
        ending=_unplaced(state.ending, members),
        extra=rules.project_extra(state.extra, members),
    )
    return Game(game.rules, names, game.options, dealer), seen


def merge(rules: Rules, state: State, seen: State, members: list[int]) -> None:
    """Put back what the players `members` did on their view `seen` into the whole `state`."""
    if seen is state:
        return
    for i, p in enumerate(members):
        state.totals[p] = seen.totals[i]
    state.played = seen.played
    state.extra = rules.merge_extra(state.extra, seen.extra, members)
    state.finished, state.ending = seen.finished, seen.ending and placed(seen.ending, members)
    state.winners = [members[w] for w in seen.winners] if seen.finished else []


def placed(p: Problem, members: list[int]) -> Problem:
    """A problem said of a view, naming the player by their place in the game."""
    if p.seat is None or not 0 <= p.seat < len(members):
        return p
    return Problem(p.message, p.params, p.round, members[p.seat], p.field)


def _unplaced(p: Problem | None, members: list[int]) -> Problem | None:
    """A problem said of the game, naming the player by their place among `members`."""
    if p is None or p.seat not in members:
        return p
    return Problem(p.message, p.params, p.round, members.index(p.seat), p.field)


def spread(value: list, members: list[int], n: int, empty=None) -> list:
    """A list indexed by `members` as a list by player, `empty` for the others."""
    whole = [empty] * n
    for i, p in enumerate(members):
        whole[p] = value[i]
    return whole


def widened(values: dict, members: list[int], n: int, seats: tuple[str, ...]) -> dict:
    """A round, its marks or extras seen by `members`, by player: lists by seat spread, players named moved."""
    out = {}
    for key, value in values.items():
        if key in seats:
            out[key] = _moved(value, members)
        elif isinstance(value, list) and len(value) == len(members):
            out[key] = spread(value, members, n)
        else:
            out[key] = value
    return out


def _moved(value, members: list[int]):
    """A player (or a list of them) named by their place among `members`, named by their index."""
    if isinstance(value, list):
        return [members[v] if is_int(v) and 0 <= v < len(members) else v for v in value]
    return members[value] if is_int(value) and 0 <= value < len(members) else value


def settle(rules: Rules, game: Game, state: State) -> None:
    """Let the game decide again whether it is over, among the players still in (unless it was stopped)."""
    table = state.lineup
    if table.stopped is not None:
        return
    still = table.still()
    seen_game, seen_state = view(rules, game, state, still)
    rules.decide_end(seen_game, seen_state)
    merge(rules, state, seen_state, still)


def narrow(values: dict, members: list[int], n: int, seats: tuple[str, ...]) -> dict:
    """widened() undone: lists by player cut to `members`, players named by their place among them."""
    out = {}
    for key, value in values.items():
        if key in seats:
            out[key] = (
                [members.index(v) for v in value if v in members]
                if isinstance(value, list)
                else (members.index(value) if value in members else value)
            )
        elif isinstance(value, list) and len(value) == n:
            out[key] = [value[p] for p in members]
        else:
            out[key] = value
    return out


def seen_round(rules: Rules, game: Game, played: RoundResult, names: list[str]) -> tuple[Game, RoundResult]:
    """A recorded round as its players alone saw it (what a game's sheet row or cell expects), with its game."""
    members, n = played.players or list(range(len(game.players))), len(game.players)
    seen = RoundResult(
        number=played.number,
        dealer=members.index(played.dealer) if played.dealer in members else 0,
        cards=played.cards,
        round=narrow(played.round, members, n, ("dealer", *rules.seat_fields)),
        scores=[played.scores[p] for p in members],
        totals=[played.totals[p] for p in members],
        marks=narrow(played.marks, members, n, rules.seat_marks),
        entry=played.entry,
    )
    return Game(game.rules, [names[p] for p in members], game.options, seen.dealer), seen
