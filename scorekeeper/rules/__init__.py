"""The games the scorekeeper knows, one module each, and the driver that plays a game through.

The games are the ones scorekeeper/registry.py lists, in its order; each one's module here defines
`RULES`, a `Rules`. Adding a game needs no change here.
"""

from __future__ import annotations

import copy
from functools import cache

from .. import registry
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


def _dealer_of(rules: Rules, game: Game, state: State, rnd: dict) -> int:
    """The round's dealer: its own `dealer` field when given, else the rotation's."""
    if "dealer" not in rnd or rnd["dealer"] is None:
        return state.dealer
    seat = rnd["dealer"]
    if not is_int(seat) or not 0 <= seat < len(game.players) or not rules.can_deal(game, state, seat):
        raise fail(
            N_("The dealer must be one of the players still in the game (got %(value)s)."),
            value=shown(seat),
            field="dealer",
        )
    return seat


def _upcoming(rules: Rules, game: Game, state: State) -> Upcoming | None:
    """The next round to play, or None once the game is over."""
    if state.finished:
        return None
    order = rules.order(game, state, state.dealer)
    return Upcoming(
        number=state.played + 1,
        dealer=state.dealer,
        cards=rules.cards(game, state),
        first=order[0] if order else state.dealer,
        order=order,
        notes=rules.upcoming_notes(game, state),
        extra=rules.upcoming_extra(game, state, state.dealer),
        entry=rules.entry(game, state, state.dealer),
    )


def _play_round(rules: Rules, game: Game, state: State, rnd: dict) -> RoundResult:
    """Check and score one round on top of `state`, which it advances."""
    number = state.played + 1
    if state.finished:
        raise fail(N_("The game was already over: round %(round)d cannot be played."), round=number, field="rounds")
    if not isinstance(rnd, dict):
        raise fail(N_("A round must be an object."), field="rounds")
    state.dealer = _dealer_of(rules, game, state, rnd)
    dealer, cards = state.dealer, rules.cards(game, state)
    entry = rules.entry(game, state, dealer)
    checked, warnings = rules.check_round(game, state, rnd)
    if rnd.get("dealer") is not None:
        checked["dealer"] = dealer
    scores, marks, notes = rules.apply(game, state, checked)
    state.played += 1
    if not state.finished:
        state.dealer = rules.next_dealer(game, state, dealer)
    return RoundResult(
        number=number,
        dealer=dealer,
        cards=cards,
        round=checked,
        scores=scores,
        totals=list(state.totals),
        marks=marks,
        notes=notes,
        warnings=warnings,
        entry=entry,
    )


def checked(game: Game) -> Game:
    """The game with its set-up checked and its options complete (every default filled in), as play() plays it:
    a new Game, `game` left as it was; Invalid names what is wrong."""
    options = get(game.rules).check_setup(game.players, game.options)
    return Game(game.rules, game.players, options, game.first_dealer, game.rounds)


def play(game: Game) -> Result:
    """Play a game through its recorded rounds; raise Invalid (naming the round) at the first bad one. The game
    is not changed: checked(game) is the game as played, its options complete."""
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
    state = copy.deepcopy(before.state)
    return _result(rules, game, state, [*before.rounds, _numbered(rules, game, state, rnd)])


def _numbered(rules: Rules, game: Game, state: State, rnd: dict) -> RoundResult:
    """One round played on `state`; its problems name the round."""
    try:
        return _play_round(rules, game, state, rnd)
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
        upcoming=_upcoming(rules, game, state),
        state=state,
        standings=rules.standings(game, state, results),
    )


def check_round(game: Game, rnd: dict) -> tuple[dict, list[Problem]]:
    """Check a new round on top of the game's rounds; return it normalised, and its warnings."""
    result = play(Game(game.rules, game.players, game.options, game.first_dealer, game.rounds + [rnd]))
    last = result.rounds[-1]
    return last.round, last.warnings


def draft_warnings(game: Game, result: Result, draft: dict) -> list[Problem]:
    """Warnings about the stored first steps of the next round (say a bid above the hand size)."""
    if result.finished:
        return []
    number = len(game.rounds) + 1
    return [p.at_round(number) for p in get(game.rules).draft_warnings(game, result.state, draft)]


def check_draft(game: Game, step: str, draft: dict, result: Result | None = None) -> dict:
    """Check the first steps of the next round (say the bids) before the rest is known; `result`, when
    given, is play(game), already derived."""
    rules = get(game.rules)
    result = result or play(Game(game.rules, game.players, game.options, game.first_dealer, list(game.rounds)))
    number = len(game.rounds) + 1
    if result.finished:
        raise fail(N_("The game is over: no round %(round)d can be entered."), round=number)
    try:
        return rules.check_draft(game, result.state, step, draft)
    except Invalid as exc:
        raise Invalid([p.at_round(number) for p in exc.problems]) from None
