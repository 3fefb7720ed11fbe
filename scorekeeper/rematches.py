"""A rematch: the same game again with the table as it ended (RULES.md section 8: leavers out, latecomers where
they sat, a seat under its last holder, All Fours' sides as they were), and what it had to change for that table.
Pure Python: the rematch's route (views/rematch.py) starts it, the finished game's page says what it changes."""

from __future__ import annotations

from . import rules
from .rules import N_, Game, Invalid, Problem, Result, problem
from .rules.lineup_changes import at_start


def rematch_of(game: Game, result: Result) -> tuple[Game, list[Problem]]:
    """The table as it ended, the same options, the first deal passed on one seat the way the game passes it; and
    what is said of an option the table chose that this table cannot play (it takes its default for them)."""
    rules_ = rules.get(game.rules)
    table = result.lineup
    if table is None:
        fresh = Game(game.rules, list(game.players), dict(game.options), game.first_dealer)
        fresh.first_dealer = _next(rules_, fresh, game.first_dealer)
        return fresh, []
    seated = table.still()  # clockwise, as they sat at the end
    fresh = Game(game.rules, [table.names[p] for p in seated], _options(rules_, game), 0)
    said = _fitted(rules_, fresh)
    if game.first_dealer in seated:
        fresh.first_dealer = _next(rules_, fresh, seated.index(game.first_dealer))
    else:  # the first dealer left: the deal passes to the next player still at the table
        ring = table.seating
        k = ring.index(game.first_dealer) if game.first_dealer in ring else -1
        fresh.first_dealer = next((seated.index(p) for p in ring[k + 1 :] + ring[: k + 1] if p in seated), 0)
    return fresh, said


def _next(rules_: rules.Rules, fresh: Game, seat: int) -> int:
    """Who deals after `seat` the way the game passes the deal, worked out on the options filled in (an option left
    at its default is not in `fresh`: Everest & Abyss's start needs its tokens)."""
    filled = {**{o.name: rules_.option_default(o, fresh.players) for o in rules_.options}, **fresh.options}
    whole = Game(fresh.rules, fresh.players, filled, fresh.first_dealer)
    return rules_.next_dealer(whole, rules_.start(whole), seat)


def rematch_notes(game: Game, result: Result) -> list[Problem]:
    """What the finished game's page says beside the rematch button: an option the rematch had to change."""
    return rematch_of(game, result)[1]


def _options(rules_: rules.Rules, game: Game) -> dict:
    """The options the table chose; one left at its default for the players at the start follows the new table
    (Wizard's number of rounds, say, goes with the number of players)."""
    started = [game.players[p] for p in at_start(game)]
    return {
        option.name: game.options[option.name]
        for option in rules_.options
        if option.name in game.options and game.options[option.name] != rules_.option_default(option, started)
    }


def _fitted(rules_: rules.Rules, fresh: Game) -> list[Problem]:
    """Drop from `fresh` each option the rules refuse for its players (Wizard's rounds beyond what the pack deals
    to a table that grew), so it takes its default for them; what is said of each. A refusal no option causes
    (too many players) is left for the start to say."""
    try:
        rules_.check_setup(fresh.players, fresh.options)
        return []
    except Invalid as exc:
        refused = {p.field for p in exc.problems}
    said = []
    for option in rules_.options:
        if option.name in refused and option.name in fresh.options:
            was = fresh.options.pop(option.name)
            now = rules_.option_default(option, fresh.players)
            message = N_("%(option)s: %(was)s cannot be played by %(n)d players; the rematch plays %(value)s.")
            said.append(problem(message, option=option.label, was=_shown(was), n=len(fresh.players), value=_shown(now)))
    return said


def _shown(value) -> str:
    """An option's value as the new-game form shows it (a list of hands as "1 2 3")."""
    return " ".join(str(v) for v in value) if isinstance(value, list) else str(value)
