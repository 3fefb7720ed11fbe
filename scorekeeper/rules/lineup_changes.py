"""A game's changes (FORMAT.md "Players who come and go"), checked and played on the table: who joins, sits
out, leaves, hands a seat over, adjustments and a stop (RULES.md section 8). Pure Python."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .base import N_, Game, Rules, State, fail, problem
from .fields import is_int
from .problems import Invalid, shown
from .seats import Table, settle, view
from .setup import MAX_NAME, check_players, printable_names, visible
from .unseen import player_key

MAX_CHANGES = 500  # an evening's worth many times over; a page or a save costs the same with 50
MAX_LISTED = 24  # names a game may list, latecomers included
MAX_REASON = 80
KINDS = ("join", "sit_out", "leave", "seat", "adjust", "stop")
FIELDS = {"join": {"after", "start"}, "sit_out": set(), "leave": set(), "seat": {"to"}, "adjust": {"reason"}}
FIELDS["stop"] = set()
BOUND = N_("%(game)s is played by %(lo)d to %(hi)d players: round %(round)d would have %(n)d.")


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


def at_start(game: Game) -> list[int]:
    """The players of round 1: those seated at the start, then those joining before it."""
    absent = late(game)
    first = [p for p in range(len(game.players)) if p not in absent]
    return first + sorted(c["join"] for c in game.changes if "join" in c and c["before"] == 1 and c["join"] in absent)


class _Listed:
    """The bounds every name of a game with changes keeps to: a game's own, over all the names it lists."""

    min_players, max_players, options = 1, MAX_LISTED, ()

    def __init__(self, rules: Rules):
        self.name = rules.name

    def option_default(self, option, players):
        """Unused: the names alone are checked."""
        return option.default


def checked(rules: Rules, game: Game) -> Game:
    """A game with changes with its set-up checked: the list of changes, every name it lists, and the options
    for the players at the start (a new Game; Invalid names what is wrong)."""
    check_list(rules, game)
    players = game.players
    if isinstance(players, list) and len(players) > MAX_LISTED:
        raise fail(
            N_("A game lists at most %(max)d players (got %(n)d)."), max=MAX_LISTED, n=len(players), field="players"
        )
    if problems := check_players(_Listed(rules), players) + printable_names(players):
        raise Invalid(problems)
    options = rules.check_setup([players[p] for p in at_start(game)], game.options)
    return Game(game.rules, game.players, options, game.first_dealer, game.rounds, game.changes)


def start(rules: Rules, game: Game) -> State:
    """The state before the first round of a checked game with changes: the players seated at the start."""
    absent = late(game)
    state = rules.start(game)
    state.lineup = Table(seating=[p for p in range(len(game.players)) if p not in absent], names=list(game.players))
    return state


# -- the changes -------------------------------------------------------------------------------------------
def changes_before(rules: Rules, game: Game, state: State, at: int, number: int, joining: bool = False) -> int:
    """Play the changes listed from `at` that come before round `number`; the index of the next one. `joining`:
    a join is being made among them, so the pack must still deal the round (a stored join is not refused again:
    the game was accepted so, and its next bids say what the pack cannot deal)."""
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
            apply(rules, game, state, change, number)
        except Invalid as exc:
            raise Invalid([p.at_round(number) for p in exc.problems]) from None
        group.append(change)
        at += 1
    if group:
        settle(rules, game, state)
        if not state.finished:
            _bound(rules, game, state, number, named(group[-1]))
            if joining:
                _dealt(rules, game, state, number, [c["join"] for c in group if "join" in c])
    return at


def named(change: dict) -> int | None:
    """The player a change is about, for its messages (of several sitting out, the last)."""
    for key in ("join", "leave", "seat"):
        if key in change:
            return change[key]
    return change["sit_out"][-1] if "sit_out" in change else None


def _bound(rules: Rules, game: Game, state: State, number: int, player: int | None) -> None:
    """The next round has a number of players the game allows (those still in it, in Everest & Abyss)."""
    whole = named_now(game, state)
    n = sum(1 for p in state.lineup.members() if rules.can_deal(whole, state, p))
    if not rules.min_players <= n <= rules.max_players:
        raise fail(
            BOUND,
            game=rules.name,
            lo=rules.min_players,
            hi=rules.max_players,
            n=n,
            round=number,
            seat=player,
            field="changes",
        )


def _dealt(rules: Rules, game: Game, state: State, number: int, joined: list[int]) -> None:
    """After a join the pack still deals round `number` to its players (the hand sizes are the ones set at the
    start): refused with the pack's message, naming who joined last."""
    if not joined:
        return
    seen_game, seen_state = view(rules, game, state, state.lineup.members())
    if found := rules.dealt(seen_game, seen_state):
        raise Invalid([replace(p, round=number, seat=joined[-1], field="changes") for p in found])


def named_now(game: Game, state: State) -> Game:
    """The game under the names holding its seats now."""
    return Game(game.rules, state.lineup.names, game.options, game.first_dealer)


def apply(rules: Rules, game: Game, state: State, change: dict, number: int) -> None:
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
    event = {"before": number, "kind": "join", "player": p, "name": table.names[p], "start": state.totals[p]}
    table.events.append({**event, "back": back})


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
    whole = named_now(game, state)
    for value in named:
        p = _player(game, value, "sit_out")
        if p not in table.still() or not rules.can_deal(whole, state, p):
            raise fail(
                N_("%(name)s is not at the table: they cannot sit out."), name=table.names[p], seat=p, field="sit_out"
            )
        if p in table.away:
            raise fail(N_("%(name)s already sits out this round."), name=table.names[p], seat=p, field="sit_out")
        table.away.append(p)
    table.events.append(
        {"before": number, "kind": "sit_out", "players": list(named), "names": [table.names[p] for p in named]}
    )


def _leave(rules: Rules, game: Game, state: State, change: dict, number: int) -> None:
    """A player plays no more rounds; their total stays as it stood."""
    table, p = state.lineup, _player(game, change["leave"], "leave")
    if p not in table.still():
        raise fail(N_("%(name)s is not at the table: they cannot leave."), name=table.names[p], seat=p, field="leave")
    if not rules.can_deal(named_now(game, state), state, p):
        raise fail(
            N_("%(name)s is out of the game: they neither leave nor come back."),
            name=table.names[p],
            seat=p,
            field="leave",
        )
    table.gone[p] = state.played
    if p in table.away:
        table.away.remove(p)
    table.events.append({"before": number, "kind": "leave", "player": p, "name": table.names[p]})


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
    if player_key(to) in {player_key(name) for name in had}:
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
    whole = named_now(game, state)
    if problems := rules.check_adjust(whole, state, points):
        raise Invalid(problems)
    rules.adjust(whole, state, points)
    named = [(sides[side], value) for side, value in enumerate(points) if value]
    table.events.append({"before": number, "kind": "adjust", "points": points, "named": named, "reason": reason})


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
