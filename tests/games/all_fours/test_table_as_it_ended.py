"""All Fours after a seat was handed over (RULES.md section 8): its rematch keeps the sides as they were, the
seat under its last holder."""

import pytest

from tests.games.all_fours.sample import GAME
from tests.web.helpers import imported

pytestmark = pytest.mark.two_engines


def test_the_rematch_keeps_the_sides_with_the_seat_under_its_last_holder(client):
    document = {**GAME, "rounds": GAME["rounds"][:1], "changes": [{"before": 2, "seat": 2, "to": "Marc"}]}
    document["changes"].append({"before": 2, "stop": True})
    url = imported(client, document)
    again = client.post(f"{url}/rematch").headers["Location"]
    exported = client.get(f"{again}/export.json").get_json()
    assert exported["players"] == ["Anne", "Julien", "Marc", "Pierre"]
    assert exported["options"]["teams"] is True and exported["options"]["target"] == 4
    assert exported["result"]["sides"] == ["Anne & Marc", "Julien & Pierre"]
    assert exported["first_dealer"] == 3  # the deal passes to the right
