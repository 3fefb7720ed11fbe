"""Wizard at a table that grew (RULES.md section 8): the hand sizes are the ones set at the start, so the pack of 60
may not deal a round to the players it has now. A join that leaves the next round undealable is refused with the
pack's message, naming who joined, nothing stored; a table the pack dealt so far meets the message at the bids of
the first round it cannot deal, in the page's language. The message names the players `n`, as ngettext names its
count: it answered 500 ("got multiple values for argument 'n'")."""

import json

import pytest

from tests.markup import parse
from tests.web.helpers import imported, text

PLAYED: dict = {  # ten rounds of three, every trick to Anne
    "format": "scorekeeper-game/1",
    "rules": "wizard",
    "players": ["Anne", "Ben", "Cleo"],
    "first_dealer": 0,
    "rounds": [{"bids": [0, 0, 0], "tricks": [r + 1, 0, 0], "trump": None} for r in range(10)],
}
GROWN: dict = {  # Dan and Eve join before round 11; rounds 11 and 12 deal 55 and 60 cards, round 13 would deal 65
    **PLAYED,
    "players": ["Anne", "Ben", "Cleo", "Dan", "Eve"],
    "rounds": [{**r, "bids": [*r["bids"], None, None], "tricks": [*r["tricks"], None, None]} for r in PLAYED["rounds"]]
    + [{"bids": [0] * 5, "tricks": [r, 0, 0, 0, 0], "trump": None} for r in (11, 12)],
    "changes": [{"before": 11, "join": 3}, {"before": 11, "join": 4}],
}
SAID = {
    "en": "The pack of 60 cannot deal 13 cards each to 5 players.",
    "fr": "Le paquet de 60 cartes ne peut pas donner 13 cartes à chacun de 5 joueurs.",
    "de": "Ein Spiel von 60 Karten reicht nicht, um 5 Spielern je 13 Karten zu geben.",
}


def join(client, url: str, name: str, lang: str = "en"):
    """A newcomer seated from the changes page: the response."""
    version = parse(client.get(f"{url}/lineup").get_data()).first("input", name="version").attrs["value"]
    data = {"kind": "join", "version": version, "name": name}
    return client.post(f"{url}/lineup", data=data, headers={"Accept-Language": lang})


@pytest.mark.parametrize("lang", SAID)
def test_bids_the_pack_cannot_deal_are_refused_saying_why(client, lang):
    url = imported(client, GROWN)
    bids = {"number": "13", "step": "bids", "trump": "none", **{f"bids.{k}": "1" for k in range(5)}}
    refused = client.post(f"{url}/rounds", data=bids, headers={"Accept-Language": lang})
    assert refused.status_code == 422 and SAID[lang] in text(refused)
    assert len(client.get(f"{url}/export.json").get_json()["rounds"]) == 12


@pytest.mark.parametrize(
    "lang, said",
    [
        ("en", "Round 11, Fay: The pack of 60 cannot deal 11 cards each to 6 players."),
        ("fr", "Manche 11, Fay : Le paquet de 60 cartes ne peut pas donner 11 cartes à chacun de 6 joueurs."),
    ],
)
def test_a_join_the_pack_cannot_deal_is_refused_naming_the_join(client, lang, said):
    url = imported(client, PLAYED)
    for name in ("Dan", "Eve"):  # 44, then 55 cards for round 11: the pack deals them
        assert join(client, url, name).status_code == 303
    refused = join(client, url, "Fay", lang)  # 66
    assert refused.status_code == 422
    assert parse(refused.get_data()).first("form", id="join").first(id="lineup-errors").text() == said
    assert client.get(f"{url}/export.json").get_json()["players"] == ["Anne", "Ben", "Cleo", "Dan", "Eve"]


def test_a_game_file_with_such_a_join_is_refused_as_a_whole(client):
    document = {**GROWN, "rounds": GROWN["rounds"][:12], "changes": [*GROWN["changes"], {"before": 13, "join": 5}]}
    document["players"] = [*GROWN["players"], "Fay"]
    document["rounds"] = [{**r, "bids": [*r["bids"], None], "tricks": [*r["tricks"], None]} for r in document["rounds"]]
    refused = client.post(
        "/games/import", data=json.dumps(document), content_type="application/json", headers={"Accept-Language": "en"}
    )
    assert refused.status_code == 422 and "Round 13, Fay: The pack of 60 cannot deal 13 cards" in text(refused)
