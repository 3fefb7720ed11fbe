"""A change the rules refuse comes back as it was typed (RULES.md 8 refuses; nothing a player typed is lost):
the join's name, place and start, the hand-over's seat and new name, the adjustment's points and reason, who
was ticked to sit out; the other forms stay empty."""

from tests.games.inferno.steps import after_one_round
from tests.markup import parse
from tests.web.helpers import change


def _form(response, form_id: str):
    """One form of the changes page a refusal answered with."""
    assert response.status_code == 422, response.get_data(as_text=True)
    return parse(response.get_data()).first("form", id=form_id)


def test_a_refused_join_keeps_the_name_the_place_and_the_start(client):
    url = after_one_round(client)
    form = _form(change(client, url, "join", name="Ben", after="1", start="7"), "join")  # Ben is at the table
    assert form.first("input", name="name").attrs["value"] == "Ben"
    assert [o.text() for o in form.all("option") if "selected" in o.attrs] == ["Ben"]
    assert form.first("input", name="start").attrs["value"] == "7"


def test_a_refused_hand_over_keeps_the_seat_and_the_new_name(client):
    url = after_one_round(client)
    form = _form(change(client, url, "seat", player="2", to="Dan"), "hand-over")  # Dan has a seat already
    assert [o.text() for o in form.all("option") if "selected" in o.attrs] == ["Cleo"]
    assert form.first("input", name="to").attrs["value"] == "Dan"


def test_a_refused_adjustment_keeps_its_points_and_reason_and_leaves_the_other_forms_empty(client):
    url = after_one_round(client)
    response = change(client, url, "adjust", **{"points.1": "3", "points.3": "-2", "reason": "  "})
    form = _form(response, "adjust")
    assert [form.first("input", name=f"points.{s}").attrs.get("value") for s in range(4)] == [None, "3", None, "-2"]
    page = parse(response.get_data())
    assert page.first("form", id="join").first("input", name="name").attrs["value"] == ""


def test_a_refused_sit_out_keeps_who_was_ticked(client):
    url = after_one_round(client)
    everyone = {"sit_out": ["0", "1", "2", "3"]}  # nobody left to play the round
    form = _form(change(client, url, "sit_out", **everyone), "sit-out")
    ticked = [c.attrs["value"] for c in form.all("input", type="checkbox") if "checked" in c.attrs]
    assert ticked == everyone["sit_out"]


def test_a_start_that_is_no_whole_number_is_refused_by_its_label_in_the_page_s_language(client):
    url = after_one_round(client)
    response = change(client, url, "join", headers={"Accept-Language": "fr"}, name="Eve", start="1e3")
    errors = _form(response, "join") and parse(response.get_data()).first(id="lineup-errors").text()
    assert errors.startswith("Total de départ") and errors.endswith(": nombre entier attendu.")  # not "start"
