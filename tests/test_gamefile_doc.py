"""GAMEFILE.md, the game file written down for whoever writes or reads one by hand: it names every field the code
reads, and its examples import as they are written."""

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorekeeper import gamefile, registry, rules
from scorekeeper.cli import main
from scorekeeper.rules import lineup_changes
from tests.samples import sample
from tests.web.helpers import imported

DOC = (Path(__file__).resolve().parent.parent / "GAMEFILE.md").read_text()


def section(title: str) -> str:
    """The text under the heading `## title`, up to the next heading of that level."""
    return DOC.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def row(title: str, rules_id: str) -> str:
    """The table row of a game in a section: the line starting `| `rules_id` |`."""
    return next(line for line in section(title).splitlines() if line.startswith(f"| `{rules_id}` |"))


def examples() -> list[dict]:
    """Every whole game file the document shows (a JSON block with a `format`)."""
    blocks = [json.loads(block) for block in re.findall(r"```json\n(.*?)```", DOC, re.S)]
    return [block for block in blocks if "format" in block]


@pytest.mark.parametrize("rules_id", registry.ids())
def test_every_round_field_and_option_of_a_game_is_named(rules_id):
    game = rules.get(rules_id)
    assert game.round_fields, f"{rules_id} declares no round fields"
    for name in game.round_fields:
        assert f"`{name}`" in row("Rounds", rules_id), f"{rules_id}'s round field {name} is not in GAMEFILE.md"
    for option in game.options:
        assert f"`{option.name}`" in row("Options", rules_id), f"{rules_id}'s option {option.name} is not named"


@pytest.mark.parametrize("rules_id", registry.ids())
def test_the_round_fields_named_are_those_the_game_takes(rules_id):
    # the list the document is checked against is the one the rules refuse others by: the sample's rounds use none
    # beyond it, and a field outside it is refused
    game_file = sample(rules_id).GAME
    used = {name for rnd in game_file["rounds"] for name in rnd} - {"dealer"}
    assert used <= set(rules.get(rules_id).round_fields)
    rounds = [{**game_file["rounds"][0], "colour": 1}]
    with pytest.raises(rules.Invalid, match="Unknown field colour"):
        gamefile.from_document({**game_file, "rounds": rounds})


def test_every_field_of_the_document_and_of_a_change_is_named():
    for name in gamefile.KNOWN:
        assert f"| `{name}` |" in section("The document")
    changes = section("Changes: players who come and go")
    for kind in lineup_changes.KINDS:
        assert f"`{kind}`" in changes
        for name in lineup_changes.FIELDS[kind]:
            assert f"`{name}`" in changes, f"the {kind} change's field {name} is not in GAMEFILE.md"


def test_the_examples_import_as_written(client):
    shown = examples()
    assert len(shown) >= 2 and any("changes" in e for e in shown)  # a fixed table, and one that changed
    for document in shown:
        gamefile.from_document(document)
        page = client.get(imported(client, document))
        assert page.status_code == 200


def test_a_refusal_quoted_is_the_one_the_command_line_gives():
    # the changing table's example with a secret flag that is not true or false: the message names round and player
    document = next(e for e in examples() if "changes" in e)
    document["rounds"][1]["open"][2] = "yes"
    refused = CliRunner().invoke(main, ["score", "--lang", "en", "-"], input=json.dumps(document))
    assert refused.exit_code == 1
    said = refused.stderr.strip()
    assert said.startswith(f"Round 2, {document['players'][2]}:") and f"    {said}\n" in section("What import refuses")
