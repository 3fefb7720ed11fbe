"""The README documents what a user can type: every command and option of the command line."""

from pathlib import Path

import pytest

from scorekeeper import registry, rules
from scorekeeper.cli import main

README = (Path(__file__).resolve().parent.parent / "README.md").read_text()


@pytest.mark.parametrize("name", sorted(main.commands))
def test_every_command_and_option_is_in_the_readme(name):
    assert f"scorekeeper {name}" in README
    for param in main.commands[name].params:
        for opt in param.opts:
            if opt.startswith("--"):
                assert opt in README, f"{name} {opt} is not in the README"


def test_the_two_commands_are_in_the_readme():
    assert "make run" in README and "make test" in README
    assert "bash .ci/run" in README or ".ci/run" in README


@pytest.mark.parametrize("rules_id", registry.ids())
def test_every_registered_game_is_in_the_readme_game_list(rules_id):
    games = next(line for line in README.splitlines() if line.startswith("Games:"))
    games += " " + README.split(games, 1)[1].split("\n\n", 1)[0]  # the paragraph it starts
    assert f"**{rules.get(rules_id).name}**" in games


def test_the_contributing_checklist_names_every_piece_of_a_bundle():
    contributing = (Path(__file__).resolve().parent.parent / "CONTRIBUTING.md").read_text()
    folder = "games/<module>/"
    for piece in ("rules.py", "form.py", "board.html", "sheet.py", "script.js", "translations/<lang>.po"):
        assert folder + piece in contributing
    assert "tests/games/<module>/sample.py" in contributing and "registry.py" in contributing
    for macro in registry.TEMPLATE_MACROS:
        assert f"`{macro}`" in contributing


def test_the_readme_is_a_five_minute_read():
    # the operator's details live in OPERATING.md, the code's rooms in ARCHITECTURE.md
    assert len(README.splitlines()) <= 150
    for guide in ("OPERATING.md", "ARCHITECTURE.md", "CONTRIBUTING.md", "BENCHMARKS.md", "GAMEFILE.md"):
        assert f"`{guide}`" in README and (Path(__file__).resolve().parent.parent / guide).exists()
