"""The games the scorekeeper knows, one module each, and the driver that plays a game through.

The games are the ones scorekeeper/registry.py lists, in its order; each one's module here defines
`RULES`, a `Rules`. Adding a game needs no change here.
"""

from __future__ import annotations

import copy
from collections.abc import Container
from functools import cache

from .. import registry
from . import lineup, rounds, seats
from .base import (
    N_,
    Game,
    Invalid,
    Option,
    Problem,
    Result,
    RoundResult,
    Rules,
    Standing,
    State,
    Statistic,
    Upcoming,
    fail,
    problem,
)
from .fields import is_int
from .problems import shown

__all__ = [
    "EVERY_ROUND",
    "N_",
    "Game",
    "Invalid",
    "Option",
    "Problem",
    "Result",
    "RoundResult",
    "Rules",
    "Standing",
    "State",
    "Statistic",
    "Upcoming",
    "all_rules",
    "check_draft",
    "check_round",
    "draft_warnings",
    "fail",
    "get",
    "play",
    "play_on",
    "problem",
]

MAX_ROUNDS = 1000  # an evening is 10 to 60; a page or a save costs the same at round 6 or 1,000
EVERY_ROUND = range(1, MAX_ROUNDS + 2)  # a game file's joins are all made as it is read


@cache
def _registry() -> dict[str, Rules]:
    """Every registered game's RULES, by id, in the registry's order."""
    return {bundle.id: registry.load(bundle.rules_module).RULES for bundle in registry.GAMES}


def all_rules() -> list[Rules]:
    """The games, in the order the home page offers them."""
    return list(_registry().values())


def get(rules_id) -> Rules:
    """The rules named `rules_id`, or Invalid naming the games there are."""
    games = _registry()
    if not isinstance(rules_id, str) or rules_id not in games:
        raise fail(
            N_("Unknown game %(rules)s; the games are: %(known)s."),
            rules=rules_id[:40] if isinstance(rules_id, str) else shown(rules_id),
            known=", ".join(sorted(games)),
            field="rules",
        )
    return games[rules_id]


def checked(game: Game) -> Game:
    """The game with its set-up checked and its options complete (every default filled in), as play() plays it:
    a new Game, `game` left as it was; Invalid names what is wrong."""
    rules = get(game.rules)
    if game.changes:  # the options follow the players at the start (RULES.md section 8)
        return lineup.checked(rules, game)
    options = rules.check_setup(game.players, game.options)
    return Game(game.rules, game.players, options, game.first_dealer, game.rounds)


def play(game: Game, joins: Container[int] = ()) -> Result:
    """Play a game through its recorded rounds; raise Invalid (naming the round) at the first bad one. The game
    is not changed: checked(game) is the game as played, its options complete. `joins`: the rounds before which
    a join is being made (the changes page, a correction, a game file), refused if the pack cannot deal that round
    to the table; a stored game plays as it was stored, its next bids saying what the pack cannot deal."""
    rules = get(game.rules)
    game = checked(game)
    if not is_int(game.first_dealer) or not 0 <= game.first_dealer < len(game.players):
        raise fail(
            N_("The first dealer must be a seat from 0 to %(last)d."), last=len(game.players) - 1, field="first_dealer"
        )
    if not isinstance(game.rounds, list):
        raise fail(N_("The rounds must be a list."), field="rounds")
    if len(game.rounds) > MAX_ROUNDS:
        raise fail(
            N_("A game holds at most %(max)d rounds; this one would have %(n)d."),
            max=MAX_ROUNDS,
            n=len(game.rounds),
            round=MAX_ROUNDS + 1,
            field="rounds",
        )
    if game.changes:  # players came, sat out or left: RULES.md section 8
        return lineup.play(rules, game, joins)
    state = rules.start(game)
    results = []
    for rnd in game.rounds:
        results.append(_numbered(rules, game, state, rnd))
    return _result(rules, game, state, results)


def play_on(game: Game, before: Result, rnd: dict) -> Result:
    """What play() gives for `game` with `rnd` as a new last round, when `before` is play(game): only the
    new round is played (a save at round 500 costs what one at round 6 does); `before` is left as it was."""
    rules = get(game.rules)
    if len(game.rounds) + 1 > MAX_ROUNDS:
        raise fail(
            N_("A game holds at most %(max)d rounds; this one would have %(n)d."),
            max=MAX_ROUNDS,
            n=len(game.rounds) + 1,
            round=MAX_ROUNDS + 1,
            field="rounds",
        )
    if before.lineup is not None:
        return lineup.play_on(rules, game, before, rnd)
    state = copy.deepcopy(before.state)
    return _result(rules, game, state, [*before.rounds, _numbered(rules, game, state, rnd)])


def _numbered(rules: Rules, game: Game, state: State, rnd: dict) -> RoundResult:
    """One round played on `state`; its problems name the round."""
    try:
        return rounds.play_round(rules, game, state, rnd)
    except Invalid as exc:
        raise Invalid([p.at_round(state.played + 1) for p in exc.problems]) from None


def _result(rules: Rules, game: Game, state: State, results: list[RoundResult]) -> Result:
    """The Result of a game whose rounds, played on `state`, gave `results`."""
    if state.finished and not state.winners:
        state.winners = rules.winners(game, state)
    return Result(
        sides=rules.sides(game.players, game.options),
        rounds=results,
        totals=list(state.totals),
        finished=state.finished,
        winners=list(state.winners) if state.finished else [],
        ending=state.ending,
        upcoming=rounds.upcoming(rules, game, state),
        state=state,
        standings=rules.standings(game, state, results),
    )


def check_round(game: Game, rnd: dict) -> tuple[dict, list[Problem]]:
    """Check a new round on top of the game's rounds; return it normalised, and its warnings."""
    result = play(Game(game.rules, game.players, game.options, game.first_dealer, game.rounds + [rnd], game.changes))
    last = result.rounds[-1]
    return last.round, last.warnings


def draft_warnings(game: Game, result: Result, draft: dict) -> list[Problem]:
    """Warnings about the stored first steps of the next round (say a bid above the hand size)."""
    if result.finished:
        return []
    number, rules = len(game.rounds) + 1, get(game.rules)
    if result.lineup is None:
        return [p.at_round(number) for p in rules.draft_warnings(game, result.state, draft)]
    seen_game, seen_state, seen, members = lineup.draft_view(rules, game, result, draft)
    return [seats.placed(p, members).at_round(number) for p in rules.draft_warnings(seen_game, seen_state, seen)]


def check_draft(game: Game, step: str, draft: dict, result: Result | None = None) -> dict:
    """Check the first steps of the next round (say the bids) before the rest is known; `result`, when
    given, is play(game), already derived."""
    rules = get(game.rules)
    game = checked(game)  # a game file may leave options to their defaults, which the step's checks read
    result = result or play(game)
    number = len(game.rounds) + 1
    if result.finished:
        raise fail(N_("The game is over: no round %(round)d can be entered."), round=number)
    try:
        if result.lineup is None:
            return rules.check_draft(game, result.state, step, draft)
        seen_game, seen_state, seen, members = lineup.draft_view(rules, game, result, draft)
        draft_seen = rules.check_draft(seen_game, seen_state, step, seen)
    except Invalid as exc:
        members = result.lineup.members() if result.lineup is not None else list(range(len(game.players)))
        raise Invalid([seats.placed(p, members).at_round(number) for p in exc.problems]) from None
    return seats.widened(draft_seen, members, len(game.players), ())
