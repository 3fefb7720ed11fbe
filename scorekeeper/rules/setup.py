"""Checks of a game's setup shared by every game: the players' names and the options."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .fields import is_int
from .problems import N_, Invalid, Problem, problem, shown
from .unseen import invisible, player_key

MAX_NAME = 40
MAX_HANDS = 30
# bidi embeddings, overrides and isolates turn the text around them (and the board) backwards
BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


@dataclass(frozen=True)
class Option:
    """A game option of RULES.md: how it is named, checked and offered at setup."""

    name: str
    kind: str  # "int", "int?" (int or none), "choice", "bool", "hands" (list of ints)
    default: Any
    label: str
    help: str = ""
    min: int | None = None
    max: int | None = None
    choices: tuple = ()
    choice_labels: tuple = ()  # msgids, parallel to choices


class Setup(Protocol):
    """What these checks need of a game's rules (base.Rules has it all)."""

    @property
    def name(self) -> str: ...

    @property
    def min_players(self) -> int: ...

    @property
    def max_players(self) -> int: ...

    @property
    def options(self) -> Sequence[Option]: ...

    def option_default(self, option: Option, players: list[str]) -> Any: ...


def visible(name: str) -> bool:
    """Whether a name has something to read: not only spaces or invisible characters (a Hangul filler too)."""
    return any(not unicodedata.category(c).startswith(("Z", "C")) and not invisible(c) for c in name)


def unprintable(name: str) -> bool:
    """Whether a name holds a control character (NUL, a newline, a tab...), a broken one (a lone
    surrogate) or a text-direction override: none of them can be shown or printed as typed."""
    return any(unicodedata.category(c) in ("Cc", "Cs") or c in BIDI for c in name)


def printable_names(players) -> list[Problem]:
    """Problems for names typed or imported with characters no page or sheet can show as they are.
    (Checked where names come in, the form and the game file: a blank pad's placeholders are not names.)"""
    if not isinstance(players, list):
        return []
    return [
        problem(
            N_(
                "The name of player %(number)d holds a control or text-direction character "
                "(a line break, a tab, NUL, U+202E...): type the name again without it."
            ),
            number=seat + 1,
            field="players",
        )
        for seat, name in enumerate(players[:20])
        if isinstance(name, str) and unprintable(name)
    ]


def check_players(rules: Setup, players) -> list[Problem]:
    """Problems with the list of names: count, empty, too long, duplicates (case-insensitive)."""
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        return [problem(N_("The players must be a list of names."), field="players")]
    problems = []
    n = len(players)
    if not rules.min_players <= n <= rules.max_players:
        problems.append(
            problem(
                N_("%(game)s is played by %(lo)d to %(hi)d players, not %(n)d."),
                game=rules.name,
                lo=rules.min_players,
                hi=rules.max_players,
                n=n,
                field="players",
            )
        )
    seen: dict[str, int] = {}
    for seat, name in enumerate(players[: rules.max_players + 1]):  # a list of 100,000 names says it once
        if not visible(name):
            problems.append(problem(N_("Player %(number)d has no name."), number=seat + 1, field="players"))
        elif len(name) > MAX_NAME:
            problems.append(name_too_long(seat, "players"))
        elif player_key(name) in seen:  # "Zoë" typed two ways, "anne " and "Anne" are one
            problems.append(
                problem(N_("Two players are named %(name)s: names must differ."), name=name, field="players")
            )
        seen[player_key(name)] = seat
    return problems


def check_option(option: Option, value) -> list[Problem]:
    """Problems with one option's value."""
    bad = [problem(N_("%(option)s cannot be %(value)s."), option=option.label, value=shown(value), field=option.name)]
    if option.kind == "bool":
        return [] if isinstance(value, bool) else bad
    if option.kind == "choice":
        return [] if value in option.choices else bad
    if option.kind == "int?" and value is None:
        return []
    if option.kind in ("int", "int?"):
        if not is_int(value):
            return bad
        return _range(option, value)
    if option.kind == "hands":
        if not isinstance(value, list) or not value or not all(is_int(v) for v in value):
            return bad
        if len(value) > MAX_HANDS:  # an evening's worth; a longer list only makes a sheet of empty rows
            return [too_many_hands(option, len(value))]
        return [p for v in value for p in _range(option, v)][:1]
    raise ValueError(option.kind)


def name_too_long(seat: int, field: str) -> Problem:
    """The name in `seat` is over the length every name keeps to."""
    return problem(
        N_("The name of player %(number)d is longer than %(max)d characters."),
        number=seat + 1,
        max=MAX_NAME,
        field=field,
    )


def too_many_hands(option: Option, given: int) -> Problem:
    """The list of hand sizes is longer than an evening's worth."""
    return problem(
        N_("%(option)s: at most %(max)d hands (got %(n)d)."),
        option=option.label,
        max=MAX_HANDS,
        n=given,
        field=option.name,
    )


def _range(option: Option, value: int) -> list[Problem]:
    """A problem when an integer option lies outside its bounds."""
    if (option.min is not None and value < option.min) or (option.max is not None and value > option.max):
        return [
            problem(
                N_("%(option)s must be between %(lo)s and %(hi)s (got %(value)s)."),
                option=option.label,
                lo=option.min,
                hi=option.max,
                value=value,
                field=option.name,
            )
        ]
    return []


def check_options(rules: Setup, players: list[str], options) -> dict:
    """Check players and options together; return the options with every default filled in."""
    if not isinstance(options, dict):
        raise Invalid([problem(N_("The options must be an object."), field="options")])
    problems = check_players(rules, players)
    known = {o.name: o for o in rules.options}
    problems += [
        problem(N_("%(game)s has no option named %(option)s."), game=rules.name, option=name[:40], field=name[:40])
        for name in options
        if name not in known
    ][:3]  # a file with 100,000 unknown options is told about a few
    filled = {}
    for option in rules.options:
        if option.name not in options and not isinstance(players, list):
            continue  # its default depends on the players, whose problem is already listed
        value = options.get(option.name, rules.option_default(option, players))
        problems += check_option(option, value)
        filled[option.name] = value
    if problems:
        raise Invalid(problems)
    return filled


def player_counts(games) -> range:
    """Every player count some game is played by: from the fewest any game takes to the most."""
    return range(min(g.min_players for g in games), max(g.max_players for g in games) + 1)
