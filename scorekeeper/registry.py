"""The games Scorekeeper knows, found like plugins: every installed distribution's entry points of the
group `scorekeeper.games` (this one's are in pyproject.toml, one line a game: `inferno =
"scorekeeper.games.inferno:GAME"`), each naming a game's `Bundle`. GAMES holds them in the order the
home page offers them, their `order` field's (the order they are found in decides nothing).

A game is one package folder, the entry point's module (`scorekeeper/games/<module>/` here: the id
`everest-abyss` with underscores, `everest_abyss`), holding one piece per layer; a game of this
repository has its tests and sample in `tests/games/<module>/`:

    rules     rules.py                   RULES, a rules.Rules (pure: no Flask, no SQL)
    form      form.py                    read(form, step, ctx): the round the form posted
    template  board.html                 the macros that draw the form and the board cells
    sheet     sheet.py                   SHEET, a sheets.layout.GameSheet
    static    script.js and style.css    only where the line says script=True, style=True
    strings   translations/<lang>.po     the game's own French (and other) words
    scoring   scoring/<lang>.txt         how it scores, in its own words (fr, en, de), shown in the app
    sample    tests/games/<module>/sample.py   a game the contract test plays through every piece

Every layer finds a game's piece here and nowhere else; tests/test_contract.py checks that each
registered game has every piece and that they work together. Pure data and the standard library,
so any layer, the rules included, may import it. Deleting a game is deleting its two folders and its
entry point's line.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from types import ModuleType

PACKAGE = __name__.rpartition(".")[0]  # "scorekeeper"
GROUP = f"{PACKAGE}.games"  # the entry points' group a game is registered in
TEMPLATE_MACROS = ("deal_line", "round_form", "round_label", "cell", "total_label", "legend", "edit_fields")


@dataclass(frozen=True)
class Bundle:
    """One game's pieces, found in its folder from its id."""

    id: str
    script: bool = False  # script.js of the game's folder, in the script of its pages (assets.bundles)
    style: bool = False  # style.css of the game's folder, in their style sheet likewise
    order: int = 1000  # where the home page lists it: by order, then by id
    package: str = ""  # the game's folder as a Python package: its entry point's module (discover)

    def __post_init__(self) -> None:
        """A bundle made without its package (a test's) is this repository's: scorekeeper/games/<module>."""
        if not self.package:
            object.__setattr__(self, "package", f"{PACKAGE}.games.{self.module}")

    @property
    def module(self) -> str:
        """The name of the game's folder as a Python package: the id with underscores."""
        return self.id.replace("-", "_")

    @property
    def folder(self) -> Path:
        """The game's folder."""
        return folder(self.package)

    @property
    def rules_module(self) -> str:
        """The module defining RULES."""
        return f"{self.package}.rules"

    @property
    def form_module(self) -> str:
        """The module reading the round form: read(form, step, ctx)."""
        return f"{self.package}.form"

    @property
    def sheet_module(self) -> str:
        """The module describing the score sheet: SHEET, a GameSheet."""
        return f"{self.package}.sheet"

    @property
    def template(self) -> str:
        """The name pages import the game's form and board macros by (its folder's board.html)."""
        return f"games/{self.id}.html"

    @property
    def scripts(self) -> tuple[str, ...]:
        """The game's own scripts, as the static files' names they are served under."""
        return (f"games/{self.id}.js",) if self.script else ()

    @property
    def styles(self) -> tuple[str, ...]:
        """The game's own stylesheets, as the static files' names they are served under."""
        return (f"games/{self.id}.css",) if self.style else ()

    @property
    def static(self) -> dict[str, Path]:
        """The game's own static files: each one's served name, and the file in the game's folder."""
        files = {"script.js": self.scripts, "style.css": self.styles}
        return {name: self.folder / source for source, names in files.items() for name in names}

    @property
    def domain(self) -> str:
        """The game's strings: its folder's translations/<lang>.po."""
        return self.id

    def translation(self, lang: str) -> Path:
        """The game's own words in `lang`."""
        return self.folder / "translations" / f"{lang}.po"

    def how_it_scores(self, lang: str) -> list[str]:
        """The game's scoring in its own words (scoring/<lang>.txt): what is recorded, how a round scores,
        how the game ends, the options; one paragraph each."""
        return paragraphs(self.folder / "scoring" / f"{lang}.txt")

    @property
    def sample(self) -> str:
        """The test module holding the game's sample game (tests/games/<module>/sample.py)."""
        return f"tests.games.{self.module}.sample"

    def form(self) -> ModuleType:
        """The form module, imported."""
        return load(self.form_module)

    def sheet(self) -> ModuleType:
        """The sheet module, imported."""
        return load(self.sheet_module)


class NotAGame(Exception):
    """An entry point of the games' group that gives no game: what is wrong, and whose it is."""


def discover(points: Iterable[importlib.metadata.EntryPoint] | None = None) -> tuple[Bundle, ...]:
    """The games the installed distributions register (or `points`), in the home page's order: by their
    `order`, then by id. Two games of one id, or an entry point that names no Bundle of its name, stop it."""
    found: dict[str, Bundle] = {}
    for point in importlib.metadata.entry_points(group=GROUP) if points is None else points:
        bundle = _loaded(point)
        if bundle.id in found:
            raise NotAGame(f"two games are registered as {bundle.id}: {found[bundle.id].package} and {point.module}")
        found[bundle.id] = replace(bundle, package=point.module)
    return tuple(sorted(found.values(), key=lambda bundle: (bundle.order, bundle.id)))


def _loaded(point: importlib.metadata.EntryPoint) -> Bundle:
    """The Bundle an entry point names, checked: it is one, and of the entry point's name."""
    where = f"entry point {point.name} = {point.value} ({GROUP})"
    try:
        bundle = point.load()
    except (ImportError, AttributeError) as error:
        raise NotAGame(f"{where}: {error}") from error
    if not isinstance(bundle, Bundle):
        raise NotAGame(f"{where} is not a registry.Bundle but {type(bundle).__name__}")
    if bundle.id != point.name:
        raise NotAGame(f"{where} names the game {bundle.id}: the entry point's name is the game's id")
    return bundle


GAMES = discover()  # each game's package imports Bundle from here, defined above


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


@cache
def folder(package: str) -> Path:
    """Where a game's package lies (its __init__ is imported to find it: pure, like the rules)."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError(f"the game's folder {package} is not a package", name=package)
    return Path(next(iter(spec.submodule_search_locations)))


@cache
def paragraphs(path: Path) -> list[str]:
    """A text file's paragraphs (blank lines between them), each on one line; none when it is missing."""
    text = path.read_text(encoding="utf-8") if path.is_file() else ""
    return [" ".join(part.split()) for part in text.split("\n\n") if part.strip()]


def template_file(name: str) -> Path | None:
    """The file of a game's template by the name pages import it by (games/<id>.html), or None."""
    folder_, slash, file = name.partition("/")
    bundle = find(file.removesuffix(".html")) if folder_ == "games" and slash and file.endswith(".html") else None
    return bundle.folder / "board.html" if bundle else None
