"""Everest & Abyss's rematch of a table that changed, its tokens left at their default (RULES.md section 8): the
finished game's page and its rematch work out the first deal on the options filled in (the page answered 500,
KeyError 'tokens', once the rematch's notes were drawn on it; the rematch itself did before)."""

from tests.games.everest_abyss.sample import LINEUP
from tests.web.helpers import imported

STOPPED = {**LINEUP, "options": {}, "changes": [*LINEUP["changes"], {"before": 5, "stop": True}]}


def test_the_rematch_of_a_changed_table_with_the_default_tokens_starts(client):
    url = imported(client, STOPPED)
    assert client.get(url).status_code == 200
    again = client.post(f"{url}/rematch")
    assert again.status_code == 303
    exported = client.get(f"{again.headers['Location']}/export.json").get_json()
    assert exported["players"] == ["Anne", "Ben", "Dan", "Eve"] and exported["first_dealer"] == 1  # after Anne
