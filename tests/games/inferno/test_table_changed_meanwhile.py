"""A round posted from a form drawn before the table changed on another phone (RULES.md section 8: Ben sits
out) is refused and nothing is stored: the form's boxes were for four players, the round is now three's, and
it was read by place (Cleo got Ben's cards, Dan Cleo's, Dan's own were dropped) and saved."""

import pytest

from tests.markup import parse
from tests.web.helpers import change, links, text

from .steps import after_one_round, others

pytestmark = pytest.mark.two_engines

EN = {"Accept-Language": "en"}


def drawn(client, url) -> dict[str, str]:
    """What the round form posts as this phone's page draws it (its hidden fields and boxes)."""
    form_id = "round-entry"
    found = parse(client.get(url).get_data())
    boxes = [*found.first("form", id=form_id).all("input"), *found.all("input", form=form_id)]
    return {box.attrs["name"]: box.attrs.get("value", "") for box in boxes if box.attrs.get("type") != "checkbox"}


@pytest.mark.parametrize("headers", [{}, {"HX-Request": "true"}], ids=["without JavaScript", "htmx"])
def test_a_round_from_a_form_drawn_before_ben_sat_out_is_refused(client, other_phone, headers):
    url = after_one_round(client)
    other_phone.get(links(client, url)["score-link"])
    form = drawn(client, url)  # round 2's form, for the four of them
    assert change(other_phone, url, "sit_out", sit_out="1").status_code == 303  # Ben sits out, on the other phone
    refused = client.post(f"{url}/rounds", data={**form, **others([5, 6, 7, 8])}, headers={**EN, **headers})
    assert refused.status_code == 409
    assert "The players of round 2 changed on another phone meanwhile" in text(refused)
    assert len(client.get(f"{url}/export.json").get_json()["rounds"]) == 1
    again = drawn(client, url)  # the form as it stands: the three who play round 2
    assert sorted(k for k in again if k.startswith("other.")) == ["other.0", "other.1", "other.2"]
    assert client.post(f"{url}/rounds", data={**again, **others([5, 7, 8])}).status_code == 303
    assert client.get(f"{url}/export.json").get_json()["rounds"][1]["other"] == [5, None, 7, 8]
