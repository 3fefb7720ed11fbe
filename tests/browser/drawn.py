"""The games a browser test of every game plays: one for each way a round form and board are drawn.

A game drawn by the building blocks another game is drawn by (its board template only imports the same
macros, with the same script and style) shows the phone nothing of its own: its scoring, words and sample are
checked by its rules and web tests, and the browser tests of that drawing run once, for the first such game.
A game that draws anything itself (a macro, a script or a style of its own) keeps every browser test."""

from __future__ import annotations

import re

import pytest

from scorekeeper import registry
from tests import pick

COMMENT = re.compile(r"{#.*?#}", re.S)


def drawing(bundle: registry.Bundle) -> tuple[str, ...]:
    """What draws a game's pages, from its folder: its board template (without its comments), and its own
    script and style, if it has them."""
    board = (bundle.folder / "board.html").read_text()
    own = [path.read_text() for _, path in sorted(bundle.static.items())]
    return (COMMENT.sub("", board).strip(), *own)


def one_of_each_drawing() -> list[str]:
    """The ids of the registered games, leaving out a game drawn exactly as an earlier one."""
    first: dict[tuple[str, ...], str] = {}
    for bundle in registry.GAMES:
        first.setdefault(drawing(bundle), bundle.id)
    return list(first.values())


DRAWN = [pytest.param(rules_id, id=rules_id) for rules_id in one_of_each_drawing()]


# The two shapes a round's form comes in: one form, or the bids first and the tricks after.
SHAPES = (pick.one_form, pick.bids_first)


def one_of_each_shape(*rather: pick.Need) -> list[str]:
    """For a shared building block that behaves differently by the round's shape (shared scripts: offline saves,
    following another phone): the first game by id of each shape, one with `rather` where a game has it."""
    found = []
    for shape in SHAPES:
        games = pick.games(shape, *rather) or pick.games(shape)
        if games:
            found.append(games[0].id)
    return found


def shaped(*rather: pick.Need) -> list:
    """one_of_each_shape as pytest parameters, each named by its game."""
    return [pytest.param(rules_id, id=rules_id) for rules_id in one_of_each_shape(*rather)]
