"""A Tout ou rien hand played before a latecomer sat down, corrected in place (RULES.md section 8): its form
offers those who played it, and the latecomer's default start, the worst total then, follows the correction."""

import pytest

from tests.markup import parse
from tests.web.helpers import imported, text

pytestmark = pytest.mark.two_engines

EN = {"Accept-Language": "en"}
GAME = {
    "format": "scorekeeper-game/1",
    "rules": "tout-ou-rien",
    "players": ["Anne", "Ben", "Cleo", "Dan", "Eve"],
    "first_dealer": 0,
    "rounds": [
        {"bids": [1, 2, 3, 0, None], "open": [False, False, False, False, None], "tricks": [1, 2, 3, 0, None]},
        {"bids": [1, 1, 2, 1, 1], "open": [False] * 5, "tricks": [1, 1, 2, 0, 1]},
    ],
    "changes": [{"before": 2, "join": 4, "after": 1}],  # Eve starts at the lowest total: Dan's 3
}


def test_a_hand_played_before_eve_came_is_corrected_by_its_players_and_her_start_follows(client):
    url = imported(client, GAME)
    page = client.get(f"{url}/rounds/1/edit", headers=EN)
    assert page.status_code == 200 and "Eve" not in text(page)
    form = parse(page.get_data()).first("form", id="round-form")
    names = {i.attrs.get("name", "") for i in form.all("input")}
    assert sorted(n for n in names if n.startswith("tricks.")) == ["tricks.0", "tricks.1", "tricks.2", "tricks.3"]
    typed = {f"bids.{s}": b for s, b in enumerate([1, 2, 3, 0])} | {f"open.{s}": "secret" for s in range(4)}
    typed |= {f"tricks.{s}": t for s, t in enumerate([1, 2, 2, 1])}  # Cleo and Dan missed after all
    was = form.first("input", name="was").attrs["value"]
    assert client.post(f"{url}/rounds/1", data={"was": was, **typed}).status_code == 303
    result = client.get(f"{url}/export.json").get_json()["result"]
    assert result["rounds"][0]["scores"] == [4, 5, 2, 1, None]
    assert result["totals"][4] == 1 + 4  # Eve now starts at Dan's 1, then makes her bid of 1
