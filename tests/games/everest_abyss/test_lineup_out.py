"""Everest & Abyss's changes page offers an eliminated player for nothing (RULES.md 8: an eliminated player
neither leaves nor comes back, and adjustments are for players still in the game): not to sit out, leave,
hand a seat over, or give or take tokens."""

from tests.markup import parse
from tests.web.helpers import start


def _version(client, url) -> str:
    """The game's version as its changes page holds it."""
    return parse(client.get(f"{url}/lineup").get_data()).first("input", name="version").attrs["value"]


def test_a_player_emptied_by_an_adjustment_is_offered_in_no_change(client):
    url = start(client, "everest-abyss", ["Anne", "Ben", "Cleo", "Dan"], tokens=10)
    emptied = {"kind": "adjust", "from": "1", "to_player": "0", "tokens": "10", "reason": "left his tokens"}
    assert client.post(f"{url}/lineup", data={**emptied, "version": _version(client, url)}).status_code == 303
    page = parse(client.get(f"{url}/lineup").get_data())
    offered = {
        form: sorted(
            {o.text() for o in page.first("form", id=form).all("option")}
            | {c.attrs["value"] for c in page.first("form", id=form).all("input", type="checkbox")}
        )
        for form in ("sit-out", "leave", "hand-over", "adjust")
    }
    assert offered == {
        "sit-out": ["0", "2", "3"],
        "leave": ["Anne", "Cleo", "Dan"],
        "hand-over": ["Anne", "Cleo", "Dan"],
        "adjust": ["Anne", "Cleo", "Dan"],
    }
    joined = parse(client.get(f"{url}/lineup").get_data()).first("form", id="join")
    assert [o.text() for o in joined.all("option")] == ["Anne", "Ben", "Cleo", "Dan"]  # Ben's place is a place


def test_a_refused_move_of_tokens_comes_back_as_typed(client):
    url = start(client, "everest-abyss", ["Anne", "Ben", "Cleo"], tokens=10)
    too_many = {"kind": "adjust", "from": "2", "to_player": "0", "tokens": "11", "reason": "a misdeal"}
    response = client.post(f"{url}/lineup", data={**too_many, "version": _version(client, url)})
    assert response.status_code == 422
    form = parse(response.get_data()).first("form", id="adjust")
    chosen = {s.attrs["name"]: [o.text() for o in s.all("option") if "selected" in o.attrs] for s in form.all("select")}
    assert chosen == {"from": ["Cleo"], "to_player": ["Anne"]}
    assert form.first("input", name="tokens").attrs["value"] == "11"
    assert form.first("input", name="reason").attrs["value"] == "a misdeal"
