"""Taking back a change once the next hand's bids are saved is refused, as making one is (RULES.md section 8:
a change comes between rounds): Ben's sit-out undone under bids saved without him put him on the tricks form
with no bid, every save refused ("Round 2, Ben: Open or secret must be true or false.")."""

import pytest

from tests.markup import parse
from tests.web.helpers import post_round, start, text

pytestmark = pytest.mark.two_engines

EN = {"Accept-Language": "en"}


def test_a_sit_out_is_not_taken_back_under_the_bids_of_the_hand(client):
    url = start(client, "tout-ou-rien", ["Anne", "Ben", "Cleo", "Dan"])
    assert post_round(client, url, 1, "bids", {f"open.{k}": "secret" for k in range(4)}).status_code == 303
    tricks = {f"bids.{k}": "0" for k in range(4)} | {"tricks.0": "6"} | {f"tricks.{k}": "0" for k in (1, 2, 3)}
    assert post_round(client, url, 1, "tricks", tricks).status_code == 303
    version = parse(client.get(f"{url}/lineup").get_data()).first("input", name="version").attrs["value"]
    assert client.post(f"{url}/lineup", data={"kind": "sit_out", "version": version, "sit_out": "1"}).status_code == 303
    assert post_round(client, url, 2, "bids", {f"open.{k}": "secret" for k in range(3)}).status_code == 303
    before = client.get(f"{url}/export.json").get_json()
    was = parse(client.get(f"{url}/lineup").get_data()).first("form", id="undo-change").first("input", name="was")
    refused = client.post(f"{url}/lineup/undo", data={"was": was.attrs["value"]}, headers=EN)
    assert refused.status_code == 409
    assert "Round 2 has a step saved: the table changes between rounds." in text(refused)
    assert client.get(f"{url}/export.json").get_json() == before
