"""Oh Hell's new-game form: the hand sizes follow the players, so the box is left empty for the usual ones."""

from scorekeeper.games.oh_hell.rules import hands
from tests.markup import parse
from tests.web.helpers import start

EN = {"Accept-Language": "en"}


def test_the_hands_box_opens_empty_and_left_so_deals_the_usual_hands(client):
    page = client.get("/new/oh-hell", headers=EN)
    assert page.status_code == 200
    box = parse(page.get_data()).first("input", name="option.hands")
    assert box.attrs.get("value") == ""
    url = start(client, "oh-hell", ["Anne", "Ben", "Cleo", "Dan", "Eve", "Fay"])
    assert (
        client.get(f"{url}/export.json").get_json()["options"]["hands"] == hands(6) == [*range(1, 9), *range(7, 0, -1)]
    )
    url = start(client, "oh-hell", ["Anne", "Ben", "Cleo"], hands="3 2")
    assert client.get(f"{url}/export.json").get_json()["options"]["hands"] == [3, 2]
