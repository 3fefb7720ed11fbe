"""An Everest & Abyss adjustment, tokens moved from one player to another, corrected like a round (RULES.md
section 8): the correction form shows the move as recorded, and the tokens follow the correction."""

import pytest
from werkzeug.datastructures import MultiDict

from tests.markup import parse
from tests.web.helpers import start

pytestmark = pytest.mark.two_engines


def test_a_move_of_tokens_is_corrected_and_the_tokens_follow(client):
    url = start(client, "everest-abyss", ["Anne", "Ben", "Cleo"])
    version = parse(client.get(f"{url}/lineup").get_data()).first("input", name="version").attrs["value"]
    moved = {"kind": "adjust", "version": version, "from": "0", "to_player": "1", "tokens": "2", "reason": "misdeal"}
    assert client.post(f"{url}/lineup", data=moved).status_code == 303
    form = parse(client.get(f"{url}/lineup/1").get_data()).first("form", id="correct-change")
    chosen = {
        s.attrs["name"]: [o.attrs["value"] for o in s.all("option") if "selected" in o.attrs]
        for s in form.all("select")
    }
    assert chosen == {"from": ["0"], "to_player": ["1"]}
    assert form.first("input", name="tokens").attrs["value"] == "2"
    was = form.first("input", name="was").attrs["value"]
    fixed = MultiDict({"was": was, "from": "2", "to_player": "1", "tokens": "3", "reason": "misdeal"})
    assert client.post(f"{url}/lineup/1", data=fixed).status_code == 303
    game = client.get(f"{url}/export.json").get_json()
    assert game["changes"] == [{"before": 1, "adjust": [0, 3, -3], "reason": "misdeal"}]
    start_tokens = game["options"]["tokens"]
    assert game["result"]["totals"] == [start_tokens, start_tokens + 3, start_tokens - 3]
