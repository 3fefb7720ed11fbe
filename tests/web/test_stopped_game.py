"""A game the table stopped (RULES.md section 8) tells its scorer how to play on: undo the stop among the
players and changes, since a corrected round leaves a stopped game stopped. A game that ended by its rules
keeps its own hint (a corrected round may reopen it). Played on any game's sample, one round in."""

from __future__ import annotations

import pytest

from tests import pick
from tests.markup import parse
from tests.samples import all_fields, first, sample

from .helpers import imported

ANY = pick.game()
HINTS = {
    "en": ("undo the stop", "correct a round"),
    "fr": ("annulez l’arrêt", "corrigez une manche"),
    "de": ("Abbruch zurücknehmen", "Runde in der Tabelle korrigieren"),
}


def stopped(client) -> str:
    """A game of one round stopped from the changes page, as a phone without JavaScript does: its address."""
    url = imported(client, first(sample(ANY).GAME, 1))
    version = parse(client.get(f"{url}/lineup").get_data()).first("input", name="version").attrs["value"]
    assert client.post(f"{url}/lineup", data={"kind": "stop", "version": version}).status_code == 303
    return url


def hint(client, url: str, lang: str) -> str:
    """The hint the finished game's page gives its scorer, in `lang`."""
    page = parse(client.get(url, headers={"Accept-Language": lang}).get_data())
    return page.first(id="winners").first("p", class_="hint").text()


@pytest.mark.parametrize("lang", HINTS)
def test_a_stopped_game_says_to_undo_the_stop_to_play_on(client, lang):
    said = hint(client, stopped(client), lang)
    undo, correct = HINTS[lang]
    assert undo in said and correct not in said, said


def test_a_corrected_round_leaves_a_stopped_game_stopped(client):
    url = stopped(client)
    module = sample(ANY)
    was = parse(client.get(f"{url}/rounds/1/edit").get_data()).value("was")
    fields = all_fields(module.posts(module.OTHER_FIRST, module.GAME))
    assert client.post(f"{url}/rounds/1", data={**fields, "was": was}).status_code == 303
    exported = client.get(f"{url}/export.json").get_json()
    assert exported["rounds"][0] != module.GAME["rounds"][0] and exported["result"]["finished"]
    assert "correct a round" not in hint(client, url, "en")


def test_a_game_ended_by_its_rules_still_says_a_correction_may_reopen_it(client):
    url = imported(client, sample(ANY).GAME)
    said = hint(client, url, "en")
    assert "correct a round" in said and "undo the stop" not in said
