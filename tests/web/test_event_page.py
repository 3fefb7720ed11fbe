"""A club night's page on the organiser's phone: the controls and the leaderboard first, then the tables, those
being played before the finished ones, folded (a <details>: it opens without JavaScript); the news the same."""

from __future__ import annotations

from tests import pick
from tests.samples import sample
from tests.samples import setup_fields as fields_of
from tests.web.helpers import HX
from tests.web.test_events import EN, make_event, play


def test_the_phone_page_puts_the_leaderboard_first_and_the_tables_in_play_before_the_finished_ones(client):
    client.application.config["EVENT_SETTLE_SECONDS"] = 0.1  # its poll waits for the turn of 0.1 s, not of 1 s
    url = make_event(client)
    rules_id = pick.game()
    play(client, url, rules_id)  # table 1, finished
    client.post(f"/new/{rules_id}", data={**fields_of(sample(rules_id).GAME), "event": url.rsplit("/", 1)[1]})
    page = client.get(url, headers=EN).get_data(as_text=True)
    order = ["event-manage", "event-leaderboard", "event-start", "event-tables"]
    assert sorted(order, key=lambda name: page.index(f'id="{name}"')) == order
    news = client.get(f"{url}/poll?version=0", headers={**HX, **EN}).get_data(as_text=True)  # the tables, out of band
    for html in (page, news):
        tables = html[html.index('id="event-tables"') :]
        # table 2 plays on, listed first; table 1 is folded below it (a <details>, closed)
        assert tables.index("Table 2") < tables.index('<details id="event-finished"') < tables.index("Table 1")
        assert '<details id="event-finished" class="finished-tables">' in tables
