"""A past Inferno round some players sat out, corrected in place (RULES.md section 8): its form offers its
players alone, what it posts is put back by player, the sitter's score follows the round again, and a refusal
names the player it is about."""

import pytest

from tests.markup import parse
from tests.web.helpers import post_round, start, text

from .steps import others

pytestmark = pytest.mark.two_engines

FOUR = ["Anne", "Ben", "Cleo", "Dan"]
EN = {"Accept-Language": "en"}


def sit_out(client, url, player):
    """Ben (or whoever) sits out the next round, from the changes page."""
    version = parse(client.get(f"{url}/lineup").get_data()).first("input", name="version").attrs["value"]
    data = {"kind": "sit_out", "version": version, "sit_out": str(player)}
    assert client.post(f"{url}/lineup", data=data).status_code == 303


@pytest.fixture
def url(client):
    """Three rounds; Ben sat out the second, whose scores were Anne 7, Cleo 12, Dan 3 (Ben 12)."""
    url = start(client, "inferno", FOUR)
    assert post_round(client, url, 1, "round", others([1, 2, 3, 4])).status_code == 303
    sit_out(client, url, 1)
    assert post_round(client, url, 2, "round", others([7, 12, 3])).status_code == 303
    assert post_round(client, url, 3, "round", others([2, 2, 2, 2])).status_code == 303
    return url


def correct(client, url, number, fields, headers=None):
    """Post the correction form of round `number` as the page gives it, with `fields` typed in."""
    form = parse(client.get(f"{url}/rounds/{number}/edit").get_data()).first("form", id="round-form")
    was = form.first("input", name="was").attrs["value"]
    return client.post(f"{url}/rounds/{number}", data={"was": was, **fields}, headers=headers or {})


def test_the_correction_form_of_a_round_ben_sat_out_offers_its_players_alone(client, url):
    page = client.get(f"{url}/rounds/2/edit", headers=EN)
    assert page.status_code == 200
    form = parse(page.get_data()).first("form", id="round-form")
    boxes = [i.attrs["name"] for i in form.all("input") if i.attrs.get("name", "").startswith("other.")]
    assert boxes == ["other.0", "other.1", "other.2"]
    assert [i.attrs.get("value") for i in form.all("input") if i.attrs.get("name") in boxes] == ["7", "12", "3"]
    said = text(page)
    assert "Anne" in said and "Cleo" in said and "Dan" in said and "Ben" not in said


def test_a_corrected_round_ben_sat_out_is_stored_by_player_and_his_score_follows_it(client, url):
    assert correct(client, url, 2, others([7, 10, 3])).status_code == 303
    exported = client.get(f"{url}/export.json").get_json()
    assert exported["rounds"][1]["other"] == [7, None, 10, 3]
    assert exported["result"]["rounds"][1]["scores"] == [7, 10, 10, 3]  # Ben: the round's highest again
    assert exported["result"]["totals"] == [1 + 7 + 2, 2 + 10 + 2, 3 + 10 + 2, 4 + 3 + 2]


def test_a_refused_correction_names_the_player_of_the_round_it_is_about_and_stores_nothing(client, url):
    before = client.get(f"{url}/export.json").get_json()
    refused = correct(client, url, 2, {**others([7, 10, 3]), "other.1": ""}, EN)
    assert refused.status_code == 422
    assert "Round 2, Cleo" in text(refused) and "Ben" not in text(refused)
    assert client.get(f"{url}/export.json").get_json() == before
