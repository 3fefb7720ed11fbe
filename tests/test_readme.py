"""The README documents what a user can type: every command and option of the command line."""

from pathlib import Path

import pytest

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
