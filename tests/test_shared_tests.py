"""Shared tests name no game (issue 34): a test outside tests/games/ picks the games it plays by what it needs
(tests/pick.py) and takes what it checks from their rules and samples, so deleting a game's two folders leaves
every other test passing, and adding one needs no shared test edited. Nor does a shared test pick a game by
its place in the registry: the order the games are found in decides nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper import registry, rules
from tests import pick

TESTS = Path(__file__).resolve().parent
BY_PLACE = re.compile(r"registry\.(?:GAMES|ids\(\))\s*\[")  # the first or last game found, whichever it is

# Shared files that still name a game, each to be rewritten to pick its games by need: the list only shrinks.
NOT_YET: set[str] = set()  # every shared file picks its games by need


def words(text: str) -> str:
    """Text as names are compared: lower case, with dashes, underscores, ampersands and spaces alike."""
    return " ".join(re.sub(r"[-_&\s]+", " ", text.lower()).split())


def names() -> dict[str, str]:
    """Every way a shared file could name a registered game (its id, module, English name), to the game's id."""
    said = {}
    for bundle in registry.GAMES:
        for name in (bundle.id, bundle.module, rules.get(bundle.id).name):
            said[words(name)] = bundle.id
    return said


def naming(text: str) -> list[str]:
    """Where a file's text names a game, or picks one by its place: 'line N: the line', one for each."""
    pattern = re.compile(r"\b(?:" + "|".join(re.escape(name) for name in names()) + r")\b")
    return [
        f"line {number}: {line.strip()}"
        for number, line in enumerate(text.splitlines(), start=1)
        if pattern.search(words(line)) or BY_PLACE.search(line)
    ]


def shared_files() -> list[Path]:
    """Every Python file of the tests but each game's own folder."""
    return sorted(path for path in TESTS.rglob("*.py") if not path.is_relative_to(TESTS / "games"))


def test_no_shared_test_names_a_game():
    found = {str(path.relative_to(TESTS.parent)): naming(path.read_text(encoding="utf-8")) for path in shared_files()}
    named = {path: lines[0] for path, lines in found.items() if lines}
    new = {path: line for path, line in named.items() if path not in NOT_YET}
    assert not new, f"a shared test names a game (pick it with tests/pick.py by what the test needs): {new}"
    done = sorted(NOT_YET - named.keys())
    assert not done, f"these name no game any more: take them off NOT_YET in {Path(__file__).name}: {done}"


def test_every_way_of_naming_a_game_is_caught():
    for bundle in registry.GAMES:
        name = rules.get(bundle.id).name
        for line in (
            f'url = start(client, "{bundle.id}", PLAYERS)',
            f"from tests.games.{bundle.module} import sample",
            f'"""A game of {name} where the dealer bids last."""',
            f"# {name.upper()}'s totals",
            "first = registry." + "GAMES[0]",  # in two parts, or this file would pick by place itself
            "last = registry." + "ids()[-1]",
        ):
            assert naming(f"ok = True\n{line}\n") == [f"line 2: {line}"], line
    assert naming("url = start(client, pick.game(pick.one_form), PLAYERS)\nGAMES = registry.GAMES\n") == []


def test_the_game_a_test_picks_is_not_the_registrys_first_or_last_but_the_first_by_id(monkeypatch):
    picked = [pick.game(), pick.game(pick.players(3)), pick.games(pick.one_form)]
    monkeypatch.setattr(registry, "GAMES", tuple(reversed(registry.GAMES)))
    assert [pick.game(), pick.game(pick.players(3)), pick.games(pick.one_form)] == picked
    assert pick.game() == min(registry.ids())


def test_a_need_no_game_has_says_which():
    with pytest.raises(AssertionError, match=r"no registered game has all of \['players\(99\)', 'one_form'\]"):
        pick.game(pick.players(99), pick.one_form)
