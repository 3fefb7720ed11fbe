"""Players who come late, sit out, leave or hand over their seat; adjustments; stopping early: RULES.md
section 8, for every game through the interface of rules/base.py.

A game's `changes` (FORMAT.md "Players who come and go") say what changed between two rounds; a round
lists `null` for a player who did not play it. Each round is played by the game's own rules on a view
of the players who play it (their names, totals and state, indexed as they sit), and what it did is
put back in place by player: so a game gets section 8 without code of its own. Pure Python.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from .base import N_, Game, Problem, Result, RoundResult, Rules, State, Upcoming, fail, problem, ranked
from .fields import is_int
from .problems import Invalid, shown
from .rounds import play_round, upcoming
from .setup import MAX_NAME, check_players, printable_names, same, visible

MAX_CHANGES = 500  # an evening's worth many times over; a page or a save costs the same with 50
MAX_LISTED = 24  # names a game may list, latecomers included
MAX_REASON = 80
KINDS = ("join", "sit_out", "leave", "seat", "adjust", "stop")
FIELDS = {"join": {"after", "start"}, "sit_out": set(), "leave": set(), "seat": {"to"}, "adjust": {"reason"}}
FIELDS["stop"] = set()


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


# -- checking the list -------------------------------------------------------------------------------------
def check_list(rules: Rules, game: Game) -> None:
    """The changes are a bounded list of objects, each one change, in the order of `before`."""
    changes = game.changes
    if not isinstance(changes, list):
        raise fail(N_("The changes must be a list."), field="changes")
    if len(changes) > MAX_CHANGES:
        raise fail(N_("A game holds at most %(max)d changes (got %(n)d)."), max=MAX_CHANGES, n=len(changes))
    last = len(game.rounds) + 1 if isinstance(game.rounds, list) else 1
    previous = 1
    for change in changes:
        if not isinstance(change, dict):
            raise fail(N_("A change must be an object."), field="changes")
        before: Any = change.get("before")
        if not is_int(before) or not previous <= before <= last:
            raise fail(
                N_("A change's before must be a round from %(lo)d to %(hi)d, in order (got %(value)s)."),
                lo=previous,
                hi=last,
                value=shown(before),
                field="changes",
            )
        previous = int(before)
        _check_shape(rules, change)


def _check_shape(rules: Rules, change: dict) -> None:
    """One change: exactly one kind the game allows, and only the fields that kind takes."""
    kinds = [k for k in KINDS if k in change]
    number = change["before"]
    if len(kinds) != 1:
        raise fail(
            N_("Before round %(round)d: a change is one of %(kinds)s."),
            round=number,
            kinds=", ".join(KINDS),
            field="changes",
        )
    kind = kinds[0]
    unknown = sorted(set(change) - {"before", kind} - FIELDS[kind])
    if unknown:
        raise fail(N_("Unknown field %(field)s in the game file."), field=unknown[0][:40], round=number)
    if kind not in rules.lineup_changes:
        raise fail(
            N_("Before round %(round)d: %(game)s keeps its sides; no one joins, leaves or sits out."),
            round=number,
            game=rules.name,
            field="changes",
        )


def late(game: Game) -> set[int]:
    """The players whose first change is a join: not at the table when the game starts."""
    seen: set = set()
    absent: set[int] = set()
    for change in game.changes:
        named: Any = (
            change.get("sit_out")
            if "sit_out" in change
            else next((change[k] for k in ("join", "leave", "seat") if k in change), None)
        )
        for p in named if isinstance(named, list) else [named]:
            if isinstance(p, int) and is_int(p) and p not in seen:
                seen.add(p)
                if "join" in change:
                    absent.add(p)
    return absent


class _Listed:
    """The bounds every name of a game with changes keeps to: a game's own, over all the names it lists."""

    min_players, max_players, options = 1, MAX_LISTED, ()

    def __init__(self, rules: Rules):
        self.name = rules.name

    def option_default(self, option, players):
        """Unused: the names alone are checked."""
        return option.default


def start(rules: Rules, game: Game) -> State:
    """The state before the first round of a game with changes: the players seated at the start."""
    check_list(rules, game)
    players = game.players
    if isinstance(players, list) and len(players) > MAX_LISTED:
        raise fail(
            N_("A game lists at most %(max)d players (got %(n)d)."), max=MAX_LISTED, n=len(players), field="players"
        )
    if problems := check_players(_Listed(rules), players) + printable_names(players):
        raise Invalid(problems)
    absent = late(game)
    first = [p for p in range(len(players)) if p not in absent]
    first += sorted(c["join"] for c in game.changes if "join" in c and c["before"] == 1 and c["join"] in absent)
    game.options = rules.check_setup([players[p] for p in first], game.options)
    if not is_int(game.first_dealer) or not 0 <= game.first_dealer < len(players):
        raise fail(
            N_("The first dealer must be a seat from 0 to %(last)d."), last=len(players) - 1, field="first_dealer"
        )
    state = rules.start(game)
    state.lineup = Table(seating=[p for p in range(len(players)) if p not in absent], names=list(players))
    return state


# -- the changes -------------------------------------------------------------------------------------------
def changes_before(rules: Rules, game: Game, state: State, at: int, number: int) -> int:
    """Play the changes listed from `at` that come before round `number`; the index of the next one."""
    group = []
    while at < len(game.changes) and game.changes[at]["before"] == number:
        change = game.changes[at]
        if state.finished:
            raise fail(
                N_("Before round %(round)d: the game is over; nothing is recorded after its end."),
                round=number,
                field="changes",
            )
        try:
            _apply(rules, game, state, change, number)
        except Invalid as exc:
            raise Invalid([p.at_round(number) for p in exc.problems]) from None
        group.append(change)
        at += 1
    if group:
        settle(rules, game, state)
        if not state.finished:
            _bound(rules, game, state, number, _named(group[-1]))
    return at


def _named(change: dict) -> int | None:
    """The player a change is about, for its messages."""
    for key in ("join", "leave", "seat"):
        if key in change:
            return change[key]
    return change["sit_out"][-1] if "sit_out" in change else None


def _bound(rules: Rules, game: Game, state: State, number: int, player: int | None) -> None:
    """The next round has a number of players the game allows (those still in it, in Everest & Abyss)."""
    whole = _whole(game, state)
    n = sum(1 for p in state.lineup.members() if rules.can_deal(whole, state, p))
    if not rules.min_players <= n <= rules.max_players:
        raise fail(
            N_("%(game)s is played by %(lo)d to %(hi)d players: round %(round)d would have %(n)d."),
            game=rules.name,
            lo=rules.min_players,
            hi=rules.max_players,
            n=n,
            round=number,
            seat=player,
            field="changes",
        )


def _whole(game: Game, state: State) -> Game:
    """The game under the names holding its seats now."""
    return Game(game.rules, state.lineup.names, game.options, game.first_dealer)


def _apply(rules: Rules, game: Game, state: State, change: dict, number: int) -> None:
    """Play one change (checked against the table as it stands) on `state`."""
    kind = next(k for k in KINDS if k in change)
    {"join": _join, "sit_out": _sit_out, "leave": _leave, "seat": _seat, "adjust": _adjust, "stop": _stop}[kind](
        rules, game, state, change, number
    )


def _player(game: Game, value, key: str) -> int:
    """A player index of this game, or Invalid."""
    if not is_int(value) or not 0 <= value < len(game.players):
        raise fail(
            N_("%(value)s is not a player of this game: players are numbered 0 to %(last)d."),
            value=shown(value),
            last=len(game.players) - 1,
            field=key,
        )
    return value


def _join(rules: Rules, game: Game, state: State, change: dict, number: int) -> None:
    """A latecomer sits down after a named player (by default after the last seat), or a leaver comes back."""
    table, p = state.lineup, _player(game, change["join"], "join")
    if p in table.seating and p not in table.gone:
        raise fail(N_("%(name)s is already at the table."), name=table.names[p], seat=p, field="join")
    after = None
    if "after" in change:
        after = _player(game, change["after"], "after")
        if after == p or after not in table.seating:
            raise fail(N_("A new seat comes after a player at the table."), seat=p, field="after")
    back = p in table.gone
    if back and "start" in change:
        raise fail(
            N_("%(name)s comes back with the total they left with: no start is given."),
            name=table.names[p],
            seat=p,
            field="start",
        )
    if back:
        del table.gone[p]
    else:
        state.totals[p] = _start(rules, game, state, change, p)
        table.joined[p] = number
    if after is not None or not back:
        if p in table.seating:
            table.seating.remove(p)
        table.seating.insert(table.seating.index(after) + 1 if after is not None else len(table.seating), p)
    table.events.append({"before": number, "kind": "join", "player": p, "start": state.totals[p], "back": back})


def _start(rules: Rules, game: Game, state: State, change: dict, p: int) -> int:
    """A latecomer's starting total: the one given, within the game's bounds, or the worst at the table."""
    if "start" not in change:
        still = state.lineup.still()
        seen_game, seen_state = view(rules, game, state, still)
        return rules.join_start(seen_game, seen_state)
    given, bounds = change["start"], rules.start_range
    if bounds is None:
        raise fail(
            N_("In %(game)s a newcomer starts as everyone did: no start is given."),
            game=rules.name,
            seat=p,
            field="start",
        )
    if not is_int(given) or not bounds[0] <= given <= bounds[1]:
        raise fail(
            N_("A starting total is a whole number from %(lo)d to %(hi)d (got %(value)s)."),
            lo=bounds[0],
            hi=bounds[1],
            value=shown(given),
            seat=p,
            field="start",
        )
    return given


def _sit_out(rules: Rules, game: Game, state: State, change: dict, number: int) -> None:
    """Players not dealt into the next round."""
    table, named = state.lineup, change["sit_out"]
    if not isinstance(named, list) or not named or len(named) > len(game.players):
        raise fail(N_("Who sits out is a list of players."), field="sit_out")
    whole = _whole(game, state)
    for value in named:
        p = _player(game, value, "sit_out")
        if p not in table.still() or not rules.can_deal(whole, state, p):
            raise fail(
                N_("%(name)s is not at the table: they cannot sit out."), name=table.names[p], seat=p, field="sit_out"
            )
        if p in table.away:
            raise fail(N_("%(name)s already sits out this round."), name=table.names[p], seat=p, field="sit_out")
        table.away.append(p)
    table.events.append({"before": number, "kind": "sit_out", "players": list(named)})


def _leave(rules: Rules, game: Game, state: State, change: dict, number: int) -> None:
    """A player plays no more rounds; their total stays as it stood."""
    table, p = state.lineup, _player(game, change["leave"], "leave")
    if p not in table.still():
        raise fail(N_("%(name)s is not at the table: they cannot leave."), name=table.names[p], seat=p, field="leave")
    if not rules.can_deal(_whole(game, state), state, p):
        raise fail(
            N_("%(name)s is out of the game: they neither leave nor come back."),
            name=table.names[p],
            seat=p,
            field="leave",
        )
    table.gone[p] = state.played
    if p in table.away:
        table.away.remove(p)
    table.events.append({"before": number, "kind": "leave", "player": p})


def _seat(rules: Rules, game: Game, state: State, change: dict, number: int) -> None:
    """From this round on a seat is played by someone new, under their name."""
    table, p = state.lineup, _player(game, change["seat"], "seat")
    if p not in table.still():
        raise fail(
            N_("%(name)s is not at the table: their seat cannot be handed over."),
            name=table.names[p],
            seat=p,
            field="seat",
        )
    to = change.get("to")
    if not isinstance(to, str) or not visible(to) or len(to) > MAX_NAME or printable_names([to]):
        raise fail(N_("The new player's name must be 1 to %(max)d characters."), max=MAX_NAME, seat=p, field="to")
    had = [*game.players, *(e["to"] for e in table.events if e["kind"] == "seat")]
    if same(to) in {same(name) for name in had}:
        raise fail(
            N_("%(name)s has already played in this game: a seat goes to someone new."),
            name=to[:MAX_NAME],
            seat=p,
            field="to",
        )
    table.events.append({"before": number, "kind": "seat", "player": p, "from": table.names[p], "to": to})
    table.names[p] = to


def _adjust(rules: Rules, game: Game, state: State, change: dict, number: int) -> None:
    """Points added to or taken from players (sides), with a reason; the end is checked after them."""
    table, amounts, reason = state.lineup, change["adjust"], change.get("reason")
    sides = rules.sides(table.names, game.options)
    if not isinstance(amounts, list) or len(amounts) != len(sides):
        raise fail(N_("An adjustment lists one number for each of the %(n)d sides."), n=len(sides), field="adjust")
    in_game = table.still() if len(sides) == len(game.players) else list(range(len(sides)))
    for side, value in enumerate(amounts):
        if value is not None and (not is_int(value) or not -9999 <= value <= 9999):
            raise fail(
                N_("An adjustment is a whole number from -9999 to 9999 (got %(value)s)."),
                value=shown(value),
                seat=side,
                field="adjust",
            )
        if value and side not in in_game:
            raise fail(
                N_("%(name)s is not in the game: their adjustment must be 0."),
                name=sides[side],
                seat=side,
                field="adjust",
            )
    points = [value or 0 for value in amounts]
    if not any(points):
        raise fail(N_("An adjustment changes at least one total."), field="adjust")
    if not isinstance(reason, str) or not visible(reason) or len(reason) > MAX_REASON or printable_names([reason]):
        raise fail(N_("An adjustment gives its reason in 1 to %(max)d characters."), max=MAX_REASON, field="reason")
    whole = _whole(game, state)
    if problems := rules.check_adjust(whole, state, points):
        raise Invalid(problems)
    rules.adjust(whole, state, points)
    table.events.append({"before": number, "kind": "adjust", "points": points, "reason": reason})


def _stop(rules: Rules, game: Game, state: State, change: dict, number: int) -> None:
    """The table ends the game now: the standings are those of this moment."""
    if change["stop"] is not True:
        raise fail(N_('A stop is written "stop": true.'), field="stop")
    if number < 2:
        raise fail(N_("A game is stopped after a round: none has been played yet."), field="stop")
    state.finished, state.winners = True, []
    state.ending = problem(N_("Stopped after round %(last)d."), last=number - 1)
    state.lineup.stopped = number - 1
    state.lineup.events.append({"before": number, "kind": "stop"})


def settle(rules: Rules, game: Game, state: State) -> None:
    """Let the game decide again whether it is over, among the players still in (unless it was stopped)."""
    table = state.lineup
    if table.stopped is not None:
        return
    still = table.still()
    seen_game, seen_state = view(rules, game, state, still)
    rules.decide_end(seen_game, seen_state)
    merge(rules, state, seen_state, still)


# -- the rounds --------------------------------------------------------------------------------------------
def next_dealer(rules: Rules, game: Game, state: State, members: list[int]) -> int:
    """Who deals a round of `members`: as the rules rotate while the players stay the same, else the next
    player of the round clockwise from the last dealer's place (the first dealer's, before round 1)."""
    table, whole = state.lineup, _whole(game, state)
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
    n, out = len(game.players), {}  # type: tuple[int, dict[str, Any]]
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
        played = play_round(rules, seen_game, seen_state, seen_rnd)
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
    seen = upcoming(rules, seen_game, seen_state)
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
    whole = _whole(game, state)
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


def play(rules: Rules, game: Game) -> Result:
    """Play a game with changes through: each group of changes, then the round it comes before."""
    state = start(rules, game)
    rounds, at = [], 0
    for number in range(1, len(game.rounds) + 2):
        at = changes_before(rules, game, state, at, number)
        if number <= len(game.rounds):
            rounds.append(play_one(rules, game, state, game.rounds[number - 1]))
    return result(rules, game, state, rounds)


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


__all__ = ["MAX_CHANGES", "Table", "draft_view", "play", "play_on", "widened"]
