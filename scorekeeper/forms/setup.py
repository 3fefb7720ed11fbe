"""The new-game form: players in seat order, the first dealer, and the game's options."""

from __future__ import annotations

import re
import unicodedata

from werkzeug.datastructures import MultiDict

from ..rules import N_, Game, Invalid, Option, Problem, Rules, problem
from ..rules.setup import MAX_HANDS, printable_names, too_many_hands
from . import parse_int


def read_players(form: MultiDict, rules: Rules) -> tuple[list[str], int, list]:
    """The names typed in the seat boxes (empty boxes skipped), the first dealer's seat, and problems."""
    names: list[str] = []
    dealer, problems = 0, list[Problem]()
    for slot in range(rules.max_players):
        name = (form.get(f"player.{slot}") or "").strip()
        if not name:
            continue
        if form.get("dealer") == str(slot):
            dealer = len(names)
        names.append(unicodedata.normalize("NFC", " ".join(name.split())))
    if form.get("dealer") not in {str(s) for s in range(rules.max_players)}:
        problems.append(problem(N_("Choose who deals first."), field="dealer"))
    elif not (form.get(f"player.{form.get('dealer')}") or "").strip():
        problems.append(problem(N_("The first dealer must be one of the players named."), field="dealer"))
    return names, dealer, problems


def read_names(form: MultiDict, count: int) -> list[str]:
    """The names typed for the `count` seats of a game (renaming its players), spaced as at setup; an empty
    box stays empty, for the check to say which player has no name."""
    return [unicodedata.normalize("NFC", " ".join((form.get(f"player.{seat}") or "").split())) for seat in range(count)]


def read_option(form: MultiDict, option: Option):
    """One option from the form; an empty box means the default. Unparseable text is an error."""
    raw = (form.get(f"option.{option.name}") or "").strip()
    if raw == "":
        return None, False
    bad = Invalid(
        [problem(N_("%(what)s: %(value)s is not a valid value."), what=option.label, value=raw[:40], field=option.name)]
    )
    if option.kind in ("int", "int?"):
        return _number(raw, option, bad), True
    if option.kind == "hands":
        given = [v for v in re.split(r"[,;\s]+|(?<=\d)-(?=\d)", raw) if v]
        if len(given) > MAX_HANDS:
            raise Invalid([too_many_hands(option, len(given))])
        return [_number(v, option, bad) for v in given], True
    if option.kind == "bool":
        if raw not in ("yes", "no"):
            raise bad
        return raw == "yes", True
    for choice in option.choices:
        if raw == str(choice):
            return choice, True
    raise bad


def _number(raw: str, option: Option, bad: Invalid) -> int:
    """A whole number typed for an option (ASCII digits, not too long to be one), else `bad`."""
    _, found = parse_int(raw, option.label, None, option.name)
    if found:
        raise Invalid(found) if "digits" in found[0].params else bad
    return int(raw)


def read(form: MultiDict, rules: Rules) -> Game:
    """A checked Game (no rounds yet) from the new-game form; Invalid lists everything wrong."""
    players, dealer, problems = read_players(form, rules)
    options = {}
    for option in rules.options:
        try:
            value, given = read_option(form, option)
        except Invalid as exc:
            problems += exc.problems
            continue
        if given:
            options[option.name] = value
    problems += printable_names(players)
    try:  # the names and the options are checked too, so every problem shows at once
        options = rules.check_setup(players, options)
    except Invalid as exc:
        problems += exc.problems
    if problems:
        raise Invalid(problems)
    return Game(rules.id, players, options, dealer, [])
