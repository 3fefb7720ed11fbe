"""Each registered game's sample: a short game file (GAME), another valid first round (OTHER_FIRST), the
form posts that enter a round (`posts`), and the words its blank pad prints (BLANK). The module of a
game is the one its registry line names (`tests/samples/<module>.py`); the contract test and the
scenarios every game shares play them through every piece.

This module holds what the samples share: how a game file's setup is typed into the new-game form.
"""

from __future__ import annotations

from types import ModuleType

from scorekeeper import registry

Posts = list[tuple[str, dict[str, str]]]  # (step, form fields), in the order they are sent


def sample(rules_id: str) -> ModuleType:
    """The sample module of a registered game."""
    return registry.load(registry.get(rules_id).sample)


def seats(name: str, values) -> dict[str, str]:
    """Form fields name.0, name.1, ... from a list."""
    return {f"{name}.{k}": str(v) for k, v in enumerate(values)}


def option_text(value) -> str:
    """An option's value as typed in the new-game form (a list of hands as "3 2", yes or no)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    return "" if value is None else str(value)


def setup_fields(document: dict) -> dict[str, str]:
    """The new-game form that sets a game file's players, first dealer and options."""
    fields = seats("player", document["players"])
    fields["dealer"] = str(document.get("first_dealer", 0))
    fields.update({f"option.{name}": option_text(v) for name, v in document.get("options", {}).items()})
    return fields


def all_fields(posts: Posts) -> dict[str, str]:
    """Every field of a round's posts at once, as the correction form sends them."""
    return {k: v for _step, fields in posts for k, v in fields.items()}
