"""Players who come late, sit out, leave or hand over their seat; adjustments; stopping early: RULES.md
section 8, for every game through the interface of rules/base.py.

A game's `changes` (FORMAT.md "Players who come and go") say what changed between two rounds; a round
lists `null` for a player who did not play it. Each round is played by the game's own rules on a view
of the players who play it (their names, totals and state, indexed as they sit: rules/seats.py), and what
it did is put back in place by player: so a game gets section 8 without code of its own. The changes
themselves are checked and played by rules/lineup_changes.py. Pure Python.
"""

from __future__ import annotations

import copy
from collections.abc import Container
from typing import Any

from . import rounds, seats
from .base import N_, Game, Result, RoundResult, Rules, State, Upcoming, fail, ranked
from .fields import is_int
from .lineup_changes import MAX_CHANGES, apply, changes_before, checked, named_now, start
from .problems import Invalid, shown
from .seats import Table, merge, placed, settle, spread, view, widened


# -- the rounds --------------------------------------------------------------------------------------------
def next_dealer(rules: Rules, game: Game, state: State, members: list[int]) -> int:
    """Who deals a round of `members`: as the rules rotate while the players stay the same, else the next
    player of the round clockwise from the last dealer's place (the first dealer's, before round 1)."""
    table, whole = state.lineup, named_now(game, state)
    if table.hint is not None and table.hint[1] == members:
        return table.hint[0]
    place = table.last_dealer
    if place is None:
        place = game.first_dealer
        if place in members and rules.can_deal(whole, state, place):
            return place
    ring = table.seating
    if place in ring:
        k = ring.index(place)
        order = ring[k + 1 :] + ring[: k + 1]
    else:  # a first dealer who is not yet seated: the next player by index
        order = [p for p in ring if p > place] + [p for p in ring if p <= place]
    return next((p for p in order if p in members and rules.can_deal(whole, state, p)), members[0])


def narrowed(rules: Rules, game: Game, rnd: dict, members: list[int], number: int) -> dict:
    """A round by player as its players see it; a player not in it must have null everywhere."""
    n, out = len(game.players), dict[str, Any]()
    for key, value in rnd.items():
        if key == "dealer" or key in rules.seat_fields:
            if value is not None and (not is_int(value) or value not in members):
                raise fail(
                    N_("The field %(field)s must name a player of round %(round)d (got %(value)s)."),
                    value=shown(value),
                    round=number,
                    field=key,
                )
            out[key] = None if value is None else members.index(value)
        elif isinstance(value, list):
            if len(value) != n:
                raise fail(N_("The field %(field)s must list one entry for each of the %(n)d players."), field=key, n=n)
            for p in range(n):
                if p not in members and value[p] is not None:
                    raise fail(N_("Not in round %(round)d: the entry must be null."), round=number, seat=p, field=key)
            out[key] = [value[p] for p in members]
        else:
            out[key] = value
    lists = [value for value in rnd.values() if isinstance(value, list)]
    for p in members:
        if lists and all(value[p] is None for value in lists):
            raise fail(
                N_(
                    "Round %(round)d has nothing for a player at the table; a player who comes later joins by a change."
                ),
                round=number,
                seat=p,
                field="changes",
            )
    return out


def play_one(rules: Rules, game: Game, state: State, rnd: dict) -> RoundResult:
    """Play one recorded round of a game with changes on `state`, by its players alone."""
    table, number, n = state.lineup, state.played + 1, len(game.players)
    if state.finished:
        raise fail(N_("The game was already over: round %(round)d cannot be played."), round=number, field="rounds")
    if not isinstance(rnd, dict):
        raise fail(N_("A round must be an object."), round=number, field="rounds")
    members = table.members()
    state.dealer = next_dealer(rules, game, state, members)
    whole = members == list(range(n))
    seen_game, seen_state = view(rules, game, state, members)
    by_player = "join" in rules.lineup_changes  # else (All Fours) a round's lists go by side: nobody comes or goes
    seen_rnd = narrowed(rules, game, rnd, members, number) if by_player else rnd
    try:
        played = rounds.play_round(rules, seen_game, seen_state, seen_rnd)
    except Invalid as exc:
        raise Invalid([placed(p, members).at_round(number) for p in exc.problems]) from None
    merge(rules, state, seen_state, members)
    sitting = [p for p in table.still() if p not in members]
    scores = played.scores if whole else spread(played.scores, members, n)
    for p in sitting:
        scores[p] = rules.sit_out_score(played.scores)
        state.totals[p] += scores[p]
    table.last_dealer = members[played.dealer]
    table.hint = None if state.finished else (members[seen_state.dealer], list(members))
    table.away = []
    if sitting:
        settle(rules, game, state)
    seated = set(table.seating)
    return RoundResult(
        number=number,
        dealer=members[played.dealer],
        cards=played.cards,
        round=widened(played.round, members, n, ("dealer", *rules.seat_fields)),
        scores=scores,
        totals=list(state.totals) if whole else [t if p in seated else None for p, t in enumerate(state.totals)],  # type: ignore[misc]
        marks=widened(played.marks, members, n, rules.seat_marks),
        notes=[placed(p, members) for p in played.notes],
        warnings=[placed(p, members) for p in played.warnings],
        entry=played.entry,
        players=list(members),
    )


def next_round(rules: Rules, game: Game, state: State) -> Upcoming | None:
    """The round to play next, by player; its `entry` offers to its players alone (Upcoming.players)."""
    if state.finished:
        return None
    members = state.lineup.members()
    state.dealer = next_dealer(rules, game, state, members)
    seen_game, seen_state = view(rules, game, state, members)
    seen = rounds.upcoming(rules, seen_game, seen_state)
    assert seen is not None
    n = len(game.players)
    seen.dealer, seen.first = members[seen.dealer], members[seen.first]
    seen.order = [members[s] for s in seen.order]
    seen.extra = widened(seen.extra, members, n, rules.seat_marks)
    seen.notes = [placed(p, members) for p in seen.notes]
    seen.players = list(members)
    return seen


def result(rules: Rules, game: Game, state: State, rounds: list[RoundResult]) -> Result:
    """The Result of a game with changes: sides under the names holding them, leavers ranked below."""
    table = state.lineup
    if state.finished and not state.winners:
        still = table.still()
        seen_game, seen_state = view(rules, game, state, still)
        state.winners = [still[w] for w in rules.winners(seen_game, seen_state)]
    whole = named_now(game, state)
    winners = list(state.winners) if state.finished else []
    keys = [
        (side not in winners, not rules.leavers_out and side in table.gone, *key)
        for side, key in enumerate(rules.standing_keys(whole, state, rounds))
    ]
    return Result(
        sides=rules.sides(table.names, game.options),
        rounds=rounds,
        totals=list(state.totals),
        finished=state.finished,
        winners=winners,
        ending=state.ending,
        upcoming=next_round(rules, game, state),
        state=state,
        standings=ranked(keys, state.totals),
        lineup=table,
    )


def play(rules: Rules, game: Game, joins: Container[int] = ()) -> Result:
    """Play a game with changes through: each group of changes, then the round it comes before (the pack checked
    after the joins being made before the rounds `joins`)."""
    state = start(rules, game)
    rounds, at = [], 0
    for number in range(1, len(game.rounds) + 2):
        at = changes_before(rules, game, state, at, number, number in joins)
        if number <= len(game.rounds):
            rounds.append(play_one(rules, game, state, game.rounds[number - 1]))
    return result(rules, game, state, rounds)


def stood(rules: Rules, game: Game, index: int) -> State:
    """The state of a checked game with changes just before its change `index`: the rounds before it played, and
    the changes listed before it (a correction of that change is offered for the table as it was then)."""
    state = start(rules, game)
    before = game.changes[index]["before"]
    head = Game(game.rules, game.players, game.options, game.first_dealer, game.rounds, game.changes[:index])
    at = 0
    for number in range(1, before):
        at = changes_before(rules, head, state, at, number)
        play_one(rules, game, state, game.rounds[number - 1])
    for change in head.changes[at:]:  # the group it is in, as far as it: checked together once it is whole
        apply(rules, game, state, change, before)
    return state


def play_on(rules: Rules, game: Game, before: Result, rnd: dict) -> Result:
    """play() with `rnd` as a new last round, playing only it on `before`'s state (left as it was)."""
    state = copy.deepcopy(before.state)
    return result(rules, game, state, [*before.rounds, play_one(rules, game, state, rnd)])


def draft_view(rules: Rules, game: Game, result: Result, draft: dict) -> tuple[Game, State, dict, list[int]]:
    """The next round's players' view of the game, and a draft by player narrowed to them."""
    members = result.lineup.members()
    seen_game, seen_state = view(rules, game, result.state, members)
    if members != list(range(len(game.players))):
        draft = narrowed(rules, game, draft, members, result.state.played + 1)
    return seen_game, seen_state, draft, members


__all__ = ["MAX_CHANGES", "Table", "checked", "draft_view", "play", "play_on"]


def seen_upcoming(rules: Rules, game: Game, result: Result) -> tuple[Game, Upcoming, list[int]] | None:
    """The next round as its players alone see it (their game, the round indexed as they sit, and who they
    are), when they are not every player in seat order; else None."""
    up = result.upcoming
    if up is None or up.players is None or up.players == list(range(len(game.players))):
        return None
    seen_game, seen_state = view(rules, game, result.state, up.players)
    seen = rounds.upcoming(rules, seen_game, seen_state)
    assert seen is not None
    return seen_game, seen, list(up.players)


def statistics(rules: Rules, game: Game, result: Result) -> list[dict[str, list[int]]]:
    """The game's statistics by player when some rounds were played by some players only: each round counted
    by its game's own statistics as its players saw it, then added up by player."""
    everyone = list(range(len(game.players)))
    if result.lineup is None or all(r.players in (None, everyone) for r in result.rounds):
        return rules.statistics(game, result)
    kinds = {stat.key: stat.kind for stat in rules.stats}
    counts: list[dict[str, list[int]]] = [{key: [0, 0] for key in kinds} for _ in game.players]
    for played in result.rounds:
        seen_game, seen = seats.seen_round(rules, game, played, result.lineup.names)
        state = State(totals=list(seen.totals), dealer=seen.dealer)
        alone = Result(list(seen_game.players), [seen], list(seen.totals), False, [], None, None, state)
        for place, found in zip(played.players or everyone, rules.statistics(seen_game, alone), strict=True):
            for key, (value, count) in found.items():
                have = counts[place].setdefault(key, [0, 0])
                have[0] = max(have[0], value) if kinds.get(key) == "best" else have[0] + value
                have[1] += count
    return counts
