"""A latecomer seated with the starting total the changes page offers (RULES.md section 8: by default the worst
total at the table then) keeps that default: a round before them corrected later moves their start with the
worst total, as a game file's join without `start` does. The page posted the number it showed, which was
stored as a start the table had chosen, and stayed put."""

import pytest

from tests.markup import parse
from tests.web.helpers import change, post_round

from .steps import after_one_round, others

pytestmark = pytest.mark.two_engines


def test_a_start_left_as_offered_follows_a_correction_of_the_rounds_before(client):
    url = after_one_round(client)
    join = parse(client.get(f"{url}/lineup").get_data()).first("form", id="join")
    offered = {box.attrs["name"]: box.attrs.get("value", "") for box in join.all("input") if "name" in box.attrs}
    assert offered["start"] == "4"  # the worst total: Dan's
    assert client.post(f"{url}/lineup", data={**offered, "name": "Eve"}).status_code == 303
    assert post_round(client, url, 2, "round", others([1, 1, 1, 1, 1])).status_code == 303
    form = parse(client.get(f"{url}/rounds/1/edit").get_data()).first("form", id="round-form")
    was = form.first("input", name="was").attrs["value"]
    assert client.post(f"{url}/rounds/1", data={"was": was, **others([1, 2, 3, 10])}).status_code == 303
    assert client.get(f"{url}/export.json").get_json()["result"]["totals"][4] == 10 + 1  # Dan's 10 then, and 1


def test_a_start_typed_otherwise_stays_as_typed(client):
    url = after_one_round(client)
    assert change(client, url, "join", name="Eve", start="0").status_code == 303
    assert client.get(f"{url}/export.json").get_json()["changes"] == [{"before": 2, "join": 4, "start": 0}]
