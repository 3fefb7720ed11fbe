"""The games a browser test of every game plays: one for each way a round form and board are drawn.

A game drawn by the building blocks another game is drawn by (its board template only imports the same
macros, with the same script and style) shows the phone nothing of its own: its scoring, words and sample are
checked by its rules and web tests, and the browser tests of that drawing run once, for the first such game.
A game that draws anything itself (a macro, a script or a style of its own) keeps every browser test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper import registry

ROOT = Path(__file__).resolve().parents[2]
COMMENT = re.compile(r"{#.*?#}", re.S)


def _text(*candidates: Path) -> str:
    """The text of the first of `candidates` that exists ("" if none: a game without that piece)."""
    return next((path.read_text() for path in candidates if path.is_file()), "")


def drawing(bundle: registry.Bundle) -> tuple[str, ...]:
    """What draws a game's pages: its board template (without its comments), its script and its style, wherever
    the game's folder or the shared folders keep them."""
    folder = ROOT / "scorekeeper" / "games" / bundle.module
    board = _text(folder / "board.html", ROOT / "templates" / bundle.template)
    script = _text(folder / "script.js", *(ROOT / "static" / path for path in bundle.scripts))
    style = _text(folder / "style.css", *(ROOT / "static" / path for path in bundle.styles))
    return (COMMENT.sub("", board).strip(), script, style)


def one_of_each_drawing() -> list[str]:
    """The ids of the registered games, leaving out a game drawn exactly as an earlier one."""
    first: dict[tuple[str, ...], str] = {}
    for bundle in registry.GAMES:
        first.setdefault(drawing(bundle), bundle.id)
    return list(first.values())


DRAWN = [pytest.param(rules_id, id=rules_id) for rules_id in one_of_each_drawing()]
