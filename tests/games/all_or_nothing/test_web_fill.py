"""ALL or NOTHING's "Everyone else: NOTHING" without JavaScript (issue 14, item 15): the form comes back with
every player not tapped on NOTHING, marked "filled in", and nothing is stored until the bids are saved; a
player left untapped without the button is still refused, never given a bid nobody made."""

import pytest

from tests.markup import parse
from tests.web.helpers import HX, post_round, seats, start, text

P4 = ["Anne", "Julien", "Sylvie", "Pierre"]
EN = {"Accept-Language": "en"}


@pytest.fixture
def url(client):
    return start(client, "all-or-nothing", P4, dealer=3)


def checked(html: str) -> dict[str, str]:
    """The bid chips checked on the form, by seat."""
    chips = parse(html).fields("bids.")
    return {chip.attrs["name"].removeprefix("bids."): chip.attrs["value"] for chip in chips if "checked" in chip.attrs}


def marked(html: str) -> list[str]:
    """The players whose bid the form marks as filled in (their legend shows the mark: it is not hidden)."""
    legends = parse(html).all("legend")
    return [str(legend.children[0]).strip() for legend in legends if shown(legend.all("span", class_="filled"))]


def shown(marks) -> bool:
    """Whether one of these marks is shown."""
    return any("hidden" not in mark.attrs for mark in marks)


@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
def test_everyone_else_nothing_fills_the_untapped_players_visibly_and_stores_nothing(client, url, headers):
    page = client.get(url, headers=EN).get_data(as_text=True)
    assert 'name="fill" value="nothing"' in page and "Everyone else: NOTHING" in page
    response = post_round(client, url, 1, "bids", {"bids.2": "all", "fill": "nothing"}, {**headers, **EN})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert checked(html) == {"0": "nothing", "1": "nothing", "2": "all", "3": "nothing"}
    assert sorted(marked(html)) == ["Anne", "Julien", "Pierre"]  # Sylvie's ALL was tapped: no mark
    assert 'name="step" value="bids"' in html  # still the bids: the scorer checks them, then saves
    assert "Step 2" not in text(client.get(url, headers=EN))  # nothing stored yet
    response = post_round(client, url, 1, "bids", seats("bids", ["nothing", "nothing", "all", "nothing"]), headers)
    assert response.status_code in (200, 303)
    assert "Step 2 of 2" in text(client.get(url, headers=EN))


def test_a_forgotten_tap_is_never_a_bid(client, url):
    response = post_round(client, url, 1, "bids", {"bids.2": "all"}, EN)
    assert response.status_code == 422 and "Anne" in text(response)
    for fill in ("maybe", "ALL", "x" * 500):  # only the rules' own bids fill
        response = post_round(client, url, 1, "bids", {"bids.2": "all", "fill": fill}, EN)
        assert response.status_code == 200 and checked(response.get_data(as_text=True)) == {"2": "all"}
    assert client.get(f"{url}/export.json").get_json()["rounds"] == []
