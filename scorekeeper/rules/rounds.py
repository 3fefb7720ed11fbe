"""Playing one round on a state, and what the next round will be: the core the driver and the lineup
driver (RULES.md section 8) share."""

from __future__ import annotations

from .base import N_, Game, RoundResult, Rules, State, Upcoming, fail
from .fields import is_int
from .problems import shown


def dealer_of(rules: Rules, game: Game, state: State, rnd: dict) -> int:
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


def upcoming(rules: Rules, game: Game, state: State) -> Upcoming | None:
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


def play_round(rules: Rules, game: Game, state: State, rnd: dict) -> RoundResult:
    """Check and score one round on top of `state`, which it advances."""
    number = state.played + 1
    if state.finished:
        raise fail(N_("The game was already over: round %(round)d cannot be played."), round=number, field="rounds")
    if not isinstance(rnd, dict):
        raise fail(N_("A round must be an object."), field="rounds")
    state.dealer = dealer_of(rules, game, state, rnd)
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
