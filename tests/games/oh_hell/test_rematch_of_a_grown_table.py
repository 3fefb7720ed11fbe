"""Oh Hell's rematch after the table grew past the hand sizes it chose (RULES.md sections 8 and 9): the rematch
deals the usual hands for the table as it ended, and the finished game says so beside the rematch button."""

from tests.markup import parse
from tests.web.helpers import imported

N = None
GROWN = {  # three chose hands of 1, 2 and 10 cards; Dan, Eve and Fay join before the second; the table stops
    "format": "scorekeeper-game/1",
    "rules": "oh-hell",
    "players": ["Anne", "Ben", "Cleo", "Dan", "Eve", "Fay"],
    "options": {"hands": [1, 2, 10], "hook": False},
    "first_dealer": 0,
    "rounds": [
        {"bids": [1, 0, 0, N, N, N], "tricks": [1, 0, 0, N, N, N]},
        {"bids": [2, 0, 0, 0, 0, 0], "tricks": [2, 0, 0, 0, 0, 0]},
    ],
    "changes": [*({"before": 2, "join": p} for p in (3, 4, 5)), {"before": 3, "stop": True}],
}
USUAL = [*range(1, 9), *range(7, 0, -1)]  # the largest hand the pack deals six with a trump turned up: 8


def test_the_rematch_of_a_table_the_hands_no_longer_fit_deals_the_usual_hands_and_says_so(client):
    url = imported(client, GROWN)
    said = parse(client.get(url, headers={"Accept-Language": "en"}).get_data()).first(id="rematch-notes").text()
    usual = " ".join(str(size) for size in USUAL)
    assert said == f"Hand sizes, round by round: 1 2 10 cannot be played by 6 players; the rematch plays {usual}."
    again = client.post(f"{url}/rematch")
    assert again.status_code == 303
    exported = client.get(f"{again.headers['Location']}/export.json").get_json()
    assert exported["options"]["hands"] == USUAL and len(exported["players"]) == 6
