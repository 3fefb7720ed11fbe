"""The package's modules import one another without a circle: every `import` statement counts, the ones
inside functions too (a circle dodged by importing late is still a circle), and the rules, at the
bottom, import nothing from the layers above them: the shared rules, the registry, and in each game's
folder everything but its form reader and its sheet layout (its rules, its package)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "scorekeeper"
PURE = (f"{PACKAGE}.rules", f"{PACKAGE}.registry", f"{PACKAGE}.games")  # no Flask, no SQL, nothing above
ABOVE_IN_A_GAME = ("form", "sheet")  # a game's modules of the layers above: the rest of its folder is pure
ABOVE_THE_RULES = ("flask", "werkzeug", "jinja2", "sqlite3", "sqlite_utils", "reportlab", "babel", "click")


def modules() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    found = {}
    for path in sorted((ROOT / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imported(name: str, path: Path, known: set[str]) -> set[str]:
    """The names every import statement of a module reaches: the package's modules, and the outside ones."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    reached: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            reached.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{base}.{node.module}" if node.module else base
            else:
                base = node.module or ""
            subs = {f"{base}.{alias.name}" for alias in node.names} & known
            reached.update(subs or {base})
    return reached


def graph() -> dict[str, set[str]]:
    """Which of the package's modules each one imports."""
    found = modules()
    known = set(found)
    return {name: imported(name, path, known) & known for name, path in found.items()}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: each a list of modules where the last imports the first (depth-first search)."""
    found, state = [], {}  # state: 1 on the current path, 2 done

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                found.append(path[path.index(nxt) :])
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            visit(node, [node])
    return found


def test_no_module_of_the_package_imports_itself_through_others():
    assert circles(graph()) == []


def test_the_circle_finder_finds_a_circle_made_late_inside_a_function(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "base.py").write_text("def check():\n    from .setup import options\n    return options\n")
    (package / "setup.py").write_text("from .base import check\noptions = check\n")
    (package / "fields.py").write_text("from . import base\n")
    known = {"pkg", "pkg.base", "pkg.setup", "pkg.fields"}
    edges = {name: imported(name, package / f"{name.partition('.')[2]}.py", known) & known for name in known - {"pkg"}}
    assert edges["pkg.fields"] == {"pkg.base"}
    assert circles(edges) == [["pkg.base", "pkg.setup"]]


def pure(name: str) -> bool:
    """Whether a module of the package is at the bottom: no Flask, no SQL, nothing from the layers above."""
    games = f"{PACKAGE}.games."
    return name.startswith(PURE) and not (name.startswith(games) and name.rpartition(".")[2] in ABOVE_IN_A_GAME)


@pytest.mark.parametrize("name", sorted(n for n in modules() if pure(n)))
def test_the_rules_and_the_registry_stay_at_the_bottom(name):
    found = modules()
    reached = imported(name, found[name], set(found))
    inside = {m for m in reached & set(found) if not pure(m)}
    outside = {m for m in reached - set(found) if m.split(".")[0] in ABOVE_THE_RULES}
    assert not inside and not outside, f"{name} imports {sorted(inside | outside)}"
