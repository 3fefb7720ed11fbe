"""A change of the table corrected like a round (RULES.md section 8), in Inferno: from the changes page, without
JavaScript, every total following; refused where the rules refuse it, naming what and where, nothing stored."""

import pytest
from werkzeug.datastructures import MultiDict

from tests.markup import parse
from tests.web.helpers import change, post_round, start, text

from .steps import others

pytestmark = pytest.mark.two_engines

FOUR = ["Anne", "Ben", "Cleo", "Dan"]
EN = {"Accept-Language": "en"}


def changed(client, url, kind, **fields):
    """Post one change from the changes page as a phone without JavaScript does, and see it taken."""
    response = change(client, url, kind, **fields)
    assert response.status_code == 303, text(response)


def shown(form) -> MultiDict:
    """What a form posts as the page shows it: its boxes' values, the ticked boxes, each list's choice."""
    data: MultiDict[str, str] = MultiDict()
    for box in form.all("input"):
        name, kind = box.attrs.get("name"), box.attrs.get("type", "text")
        if name and (kind not in ("checkbox", "radio") or "checked" in box.attrs):
            data.add(name, box.attrs.get("value", ""))
    for listing in form.all("select"):
        options = listing.all("option")
        chosen = [o for o in options if "selected" in o.attrs] or options[:1]
        data.add(listing.attrs["name"], chosen[0].attrs["value"])
    return data


def correct(client, url, n, headers=None, **typed):
    """Follow the changes page's link to correct change `n`, and post its form with `typed` changed."""
    page = parse(client.get(f"{url}/lineup").get_data())
    links = [a.attrs["href"] for a in page.all("a", class_="correct-change")]
    address = f"{url}/lineup/{n}"
    assert address in links
    form = parse(client.get(address).get_data()).first("form", id="correct-change")
    data = shown(form)
    for key, value in typed.items():
        data.setlist(key, value if isinstance(value, list) else [str(value)])
    return client.post(address, data=data, headers=headers or {})


def exported(client, url):
    """The game file as exported."""
    return client.get(f"{url}/export.json").get_json()


@pytest.fixture
def url(client):
    """Inferno after one round (Anne 1, Ben 2, Cleo 3, Dan 4)."""
    url = start(client, "inferno", FOUR)
    assert post_round(client, url, 1, "round", others([1, 2, 3, 4])).status_code == 303
    return url


def test_a_latecomer_s_start_is_corrected_and_every_total_follows(client, url):
    changed(client, url, "join", name="Eve", after="1", start="4")
    assert post_round(client, url, 2, "round", others([1, 1, 1, 1, 1])).status_code == 303
    assert correct(client, url, 1, start="0").status_code == 303
    game = exported(client, url)
    assert game["changes"] == [{"before": 2, "join": 4, "after": 1, "start": 0}]
    assert game["result"]["totals"] == [2, 3, 4, 5, 1]
    assert "Eve joins, starting at 0." in text(client.get(url, headers=EN))


def test_a_start_left_to_the_default_stays_the_default_when_the_seat_is_corrected(client, url):
    changed(client, url, "join", name="Eve", start="")  # the worst total then: Dan's 4
    assert correct(client, url, 1, after="0").status_code == 303  # only where she sits
    assert exported(client, url)["changes"] == [{"before": 2, "join": 4, "after": 0}]


def test_an_adjustment_s_points_and_reason_are_corrected(client, url):
    changed(client, url, "adjust", **{"points.1": "5", "reason": "misdeal"})
    assert correct(client, url, 1, **{"points.1": "", "points.2": "-2", "reason": "late"}).status_code == 303
    game = exported(client, url)
    assert game["changes"] == [{"before": 2, "adjust": [0, 0, -2, 0], "reason": "late"}]
    assert game["result"]["totals"] == [1, 2, 1, 4]
    assert "Adjustment (late): Cleo −2." in text(client.get(url, headers=EN))


def test_who_sits_out_the_next_round_is_corrected_and_the_form_follows(client, url):
    changed(client, url, "sit_out", sit_out="1")
    form = parse(client.get(f"{url}/lineup/1").get_data()).first("form", id="correct-change")
    assert shown(form).getlist("sit_out") == ["1"]  # as recorded
    assert correct(client, url, 1, sit_out=["2"]).status_code == 303
    page = client.get(url).get_data(as_text=True)
    round_form = page[page.index('id="round-form"') : page.index('id="scoreboard"')]
    assert "Ben" in round_form and "Cleo" not in round_form
    assert exported(client, url)["changes"] == [{"before": 2, "sit_out": [2]}]


def test_who_sat_out_a_recorded_round_is_refused_naming_the_round_and_nothing_is_stored(client, url):
    changed(client, url, "sit_out", sit_out="1")
    assert post_round(client, url, 2, "round", others([7, 12, 3])).status_code == 303
    before = exported(client, url)
    refused = correct(client, url, 1, EN, sit_out=["2"])
    assert refused.status_code == 422
    assert "Round 2 was played by the players recorded in it" in text(refused)
    assert exported(client, url) == before


@pytest.mark.parametrize(
    "kind, fields, typed, said",
    [
        ("seat", {"player": "1", "to": "Marc"}, {"to": "anne"}, "anne a déjà joué dans cette partie"),
        ("join", {"name": "Eve", "start": "4"}, {"start": "99999"}, "nombre entier"),
        ("adjust", {"points.1": "5", "reason": "misdeal"}, {"points.1": "0"}, "au moins un total"),
        ("leave", {"player": "3"}, {"player": "7"}, "n’est pas un joueur"),
    ],
)
def test_a_correction_the_rules_refuse_says_why_in_the_page_s_language(client, url, kind, fields, typed, said):
    changed(client, url, kind, **fields)
    before = exported(client, url)
    refused = correct(client, url, 1, **typed)
    assert refused.status_code == 422 and said in text(refused)
    assert exported(client, url) == before


def test_a_stop_and_a_comeback_are_taken_back_not_corrected(client, url):
    changed(client, url, "leave", player="3")
    changed(client, url, "stop")
    links = [a.attrs["href"] for a in parse(client.get(f"{url}/lineup").get_data()).all("a", class_="correct-change")]
    assert links == [f"{url}/lineup/1"]
    assert client.get(f"{url}/lineup/2").status_code == 404


def test_a_correction_made_from_a_stale_page_is_refused_and_changes_nothing(client, url):
    changed(client, url, "adjust", **{"points.1": "5", "reason": "misdeal"})
    form = parse(client.get(f"{url}/lineup/1").get_data()).first("form", id="correct-change")
    assert correct(client, url, 1, reason="late").status_code == 303
    stale = shown(form)
    stale.setlist("reason", ["early"])
    refused = client.post(f"{url}/lineup/1", data=stale, headers=EN)
    assert refused.status_code == 409 and "corrected or taken back on another phone" in text(refused)
    assert exported(client, url)["changes"][0]["reason"] == "late"


def test_a_watcher_may_not_correct_a_change(client, other_phone, url):
    changed(client, url, "adjust", **{"points.1": "5", "reason": "misdeal"})
    other_phone.get(url)
    assert other_phone.get(f"{url}/lineup/1").status_code == 403
    assert other_phone.post(f"{url}/lineup/1", data={"was": "{}", "reason": "x"}).status_code == 403
