"""An Inferno round undone when only some of the table play it (RULES.md section 8): the round is put back on
the form for its players alone, each entry in its own player's boxes. A round someone sat out, once undone,
answered 500 to every scoring phone (its null entries read as a player's cards) until the round was saved
again, which its page no longer offered; and with the table changed after the undo, a player's boxes showed
another's cards."""

import pytest

from tests.markup import parse
from tests.web.helpers import change, post_round, undo

from .steps import after_one_round, others

pytestmark = pytest.mark.two_engines

FOUR = ["Anne", "Ben", "Cleo", "Dan"]
EN = {"Accept-Language": "en"}


def take_back_the_last_change(client, url):
    """Tap 'Undo the last change' on the changes page."""
    form = parse(client.get(f"{url}/lineup").get_data()).first("form", id="undo-change")
    was = form.first("input", name="was").attrs["value"]
    assert client.post(f"{url}/lineup/undo", data={"was": was}).status_code == 303


def refilled(client, url) -> dict[str, str]:
    """Each player's 'other cards' box on the round form, by the name its fieldset shows ('' when empty)."""
    page = client.get(url, headers=EN)
    assert page.status_code == 200
    found = {}
    for fieldset in parse(page.get_data()).first("form", id="round-entry").all("fieldset"):
        boxes = [i for i in fieldset.all("input") if i.attrs.get("name", "").startswith("other.")]
        if boxes:
            found[fieldset.first("legend").text().split()[0]] = boxes[0].attrs.get("value", "")
    return found


@pytest.fixture
def url(client):
    """Inferno after one round (Anne 1, Ben 2, Cleo 3, Dan 4)."""
    return after_one_round(client)


def test_a_round_ben_sat_out_undone_is_back_on_the_form_of_its_players(client, url):
    assert change(client, url, "sit_out", sit_out="1").status_code == 303
    assert post_round(client, url, 2, "round", others([5, 7, 8])).status_code == 303  # Anne, Cleo, Dan
    assert undo(client, url, 2).status_code == 303
    assert refilled(client, url) == {"Anne": "5", "Cleo": "7", "Dan": "8"}
    take_back_the_last_change(client, url)  # Ben plays round 2 after all: his boxes are empty
    assert refilled(client, url) == {"Anne": "5", "Ben": "", "Cleo": "7", "Dan": "8"}


def test_a_round_undone_then_sat_out_by_ben_keeps_each_entry_in_its_player_s_box(client, url):
    assert post_round(client, url, 2, "round", others([5, 6, 7, 8])).status_code == 303
    assert undo(client, url, 2).status_code == 303
    assert change(client, url, "sit_out", sit_out="1").status_code == 303
    assert refilled(client, url) == {"Anne": "5", "Cleo": "7", "Dan": "8"}
    assert change(client, url, "join", name="Eve", start="").status_code == 303
    assert refilled(client, url) == {"Anne": "5", "Cleo": "7", "Dan": "8", "Eve": ""}  # she did not play it
    take_back_the_last_change(client, url)
    assert refilled(client, url) == {"Anne": "5", "Cleo": "7", "Dan": "8"}
