"""Wizard after three players joined a table of three at round 11 (RULES.md section 8): the pack of 60 cannot deal
11 cards to six, and the bids are refused saying so, in the page's language. The message names the players
`n`, as ngettext names its count: it answered 500 ("got multiple values for argument 'n'")."""

import json

import pytest

from tests.markup import parse
from tests.web.helpers import text

PLAYED = {  # ten rounds of three, every trick to Anne
    "format": "scorekeeper-game/1",
    "rules": "wizard",
    "players": ["Anne", "Ben", "Cleo"],
    "first_dealer": 0,
    "rounds": [{"bids": [0, 0, 0], "tricks": [r + 1, 0, 0], "trump": None} for r in range(10)],
}
SAID = {
    "en": "The pack of 60 cannot deal 11 cards each to 6 players.",
    "fr": "Le paquet de 60 cartes ne peut pas donner 11 cartes à chacun de 6 joueurs.",
    "de": "Ein Spiel von 60 Karten reicht nicht, um 6 Spielern je 11 Karten zu geben.",
}


@pytest.mark.parametrize("lang", SAID)
def test_bids_the_pack_cannot_deal_are_refused_saying_why(client, lang):
    url = client.post("/games/import", data=json.dumps(PLAYED), content_type="application/json").headers["Location"]
    for name in ("Dan", "Eve", "Fay"):
        version = parse(client.get(f"{url}/lineup").get_data()).first("input", name="version").attrs["value"]
        assert client.post(f"{url}/lineup", data={"kind": "join", "version": version, "name": name}).status_code == 303
    bids = {"number": "11", "step": "bids", "trump": "none", **{f"bids.{k}": "1" for k in range(6)}}
    refused = client.post(f"{url}/rounds", data=bids, headers={"Accept-Language": lang})
    assert refused.status_code == 422 and SAID[lang] in text(refused)
    assert len(client.get(f"{url}/export.json").get_json()["rounds"]) == 10
