"""The games a browser test of every game plays: one for each way a round form and board are drawn.

A game drawn by the building blocks another game is drawn by (its board template only imports the same
macros, with the same script and style) shows the phone nothing of its own: its scoring, words and sample are
checked by its rules and web tests, and the browser tests of that drawing run once, for the first such game.
A game that draws anything itself (a macro, a script or a style of its own) keeps every browser test."""

from __future__ import annotations

import re

import pytest

from scorekeeper import registry

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
