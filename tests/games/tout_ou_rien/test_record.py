"""Tout ou rien on a player's record: games played and won, totals and ranks, open and secret bids made,
worked out from the rules over two of its whole games."""

import pytest

from scorekeeper import gamefile, rules
from tests.samples import sample
from tests.web.helpers import imported, terms

pytestmark = pytest.mark.two_engines


def test_a_players_record_against_the_games_themselves(client):
    documents = [sample("tout-ou-rien").full_game(), sample("tout-ou-rien").full_game(hands=[3, 4, 5])]
    for d in documents:
        imported(client, d)
    played = [rules.play(gamefile.from_document(d)) for d in documents]
    seat = 0  # Zoë
    totals = [r.totals[seat] for r in played]
    ranks = [1 + sum(t > r.totals[seat] for t in r.totals) for r in played]
    bids = [(rnd["open"][seat], rnd["bids"][seat] == rnd["tricks"][seat]) for d in documents for rnd in d["rounds"]]
    opens = [made for is_open, made in bids if is_open]
    secrets = [made for is_open, made in bids if not is_open]
    html = client.get("/players/%20zo%C3%AB%20", headers={"Accept-Language": "en"}).get_data(as_text=True)
    values = terms(html)
    assert values["Games played"] == "2"
    won = sum(seat in r.winners for r in played)
    assert values["Games won"] == str(won) and values["Win rate"] == f"{round(100 * won / 2)}%"
    assert values["Best total"] == str(max(totals)) and values["Worst total"] == str(min(totals))
    assert values["Average total"] == f"{sum(totals) / 2:g}".rstrip("0").rstrip(".")
    assert values["Average rank"] == f"{sum(ranks) / 2:.1f}".removesuffix(".0")
    assert values["Open bids made"].startswith(f"{sum(opens)} of {len(opens)} (")
    assert values["Secret bids made"].startswith(f"{sum(secrets)} of {len(secrets)} (")
