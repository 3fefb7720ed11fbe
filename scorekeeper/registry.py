"""The games Scorekeeper knows: one line each in GAMES, in the order the home page offers them.

A game is a bundle of pieces, one per layer, each named after the game's id (`everest-abyss`; as a
Python module name `everest_abyss`):

    rules     scorekeeper/rules/<module>.py       RULES, a rules.Rules (pure: no Flask, no SQL)
    form      scorekeeper/forms/<module>.py       read(form, step, ctx): the round the form posted
    template  templates/games/<id>.html           the macros that draw the form and the board cells
    sheet     scorekeeper/sheets/<module>.py      SHEET, a sheets.layout.GameSheet
    static    static/games/<id>.js and .css       only where the line says script=True, style=True
    strings   scorekeeper/translations/<lang>/<id>.po   the game's own French (and other) words
    sample    tests/samples/<module>.py           a game the contract test plays through every piece

Every layer finds a game's piece here and nowhere else; tests/test_contract.py checks that each
registered game has every piece and that they work together. Pure data and the standard library,
so any layer, the rules included, may import it.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from types import ModuleType

PACKAGE = __name__.rpartition(".")[0]  # "scorekeeper"
TEMPLATE_MACROS = ("deal_line", "round_form", "round_label", "cell", "total_label", "legend", "edit_fields")


@dataclass(frozen=True)
class Bundle:
    """One game's pieces, found from its id."""

    id: str
    script: bool = False  # static/games/<id>.js, in the script of the game's pages (assets.bundles)
    style: bool = False  # static/games/<id>.css, in their style sheet likewise

    @property
    def module(self) -> str:
        """The name of the game's Python modules: the id with underscores."""
        return self.id.replace("-", "_")

    @property
    def rules_module(self) -> str:
        """The module defining RULES."""
        return f"{PACKAGE}.rules.{self.module}"

    @property
    def form_module(self) -> str:
        """The module reading the round form: read(form, step, ctx)."""
        return f"{PACKAGE}.forms.{self.module}"

    @property
    def sheet_module(self) -> str:
        """The module describing the score sheet: SHEET, a GameSheet."""
        return f"{PACKAGE}.sheets.{self.module}"

    @property
    def template(self) -> str:
        """The template (in templates/) holding the game's form and board macros."""
        return f"games/{self.id}.html"

    @property
    def scripts(self) -> tuple[str, ...]:
        """The game's own scripts, as paths under static/."""
        return (f"games/{self.id}.js",) if self.script else ()

    @property
    def styles(self) -> tuple[str, ...]:
        """The game's own stylesheets, as paths under static/."""
        return (f"games/{self.id}.css",) if self.style else ()

    @property
    def domain(self) -> str:
        """The game's strings: translations/<lang>/<domain>.po."""
        return self.id

    @property
    def sample(self) -> str:
        """The test module holding the game's sample game (tests/samples/<module>.py)."""
        return f"tests.samples.{self.module}"

    def form(self) -> ModuleType:
        """The form module, imported."""
        return load(self.form_module)

    def sheet(self) -> ModuleType:
        """The sheet module, imported."""
        return load(self.sheet_module)


GAMES = (
    Bundle("tout-ou-rien", style=True),
    Bundle("all-or-nothing", script=True, style=True),
    Bundle("everest-abyss", script=True, style=True),
    Bundle("all-fours", script=True, style=True),
    Bundle("inferno", script=True, style=True),
)


@cache
def _by_id() -> dict[str, Bundle]:
    """The bundles by id."""
    return {bundle.id: bundle for bundle in GAMES}


def ids() -> tuple[str, ...]:
    """The ids of the games, in order."""
    return tuple(_by_id())


def find(rules_id: str) -> Bundle | None:
    """The bundle of a game, or None for an id nobody registered."""
    return _by_id().get(rules_id) if isinstance(rules_id, str) else None


def get(rules_id: str) -> Bundle:
    """The bundle of a registered game (KeyError otherwise: the rules said which games there are)."""
    return _by_id()[rules_id]


@cache
def load(name: str) -> ModuleType:
    """A game's module by its full name, imported once and kept (a lookup per request is a dict access)."""
    return importlib.import_module(name)
