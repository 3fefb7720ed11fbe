"""ALL or NOTHING in German: a German table tells it from Tout ou rien, the box's German title said once, in its
description, never in its name (moved from tests/test_german.py)."""

from tests.markup import parse
from tests.test_german import DE


def test_a_german_home_page_keeps_all_or_nothing_s_name(client):
    html = client.get("/", headers=DE).get_data(as_text=True)
    # two games a German table must tell apart: Tout ou rien keeps its name, ALL or NOTHING bids ALLES or NICHTS
    names = [offered.first("strong").text() for offered in parse(html).all(class_="game-pick")]
    assert "Tout ou rien" in names and "ALL or NOTHING" in names
    assert not [name for name in names if "alles" in name.lower() or "nichts" in name.lower()]
    assert "Hexagames „Alles oder Nichts“" in html  # the German box's title, said once, in its description
