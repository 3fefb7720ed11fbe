"""All Fours's teams are two of two (RULES.md): asked for a table of three, on a club night's draw, in a game file
or on the new-game form, they are refused with a message in the players' words, the game named, nothing stored.
(The refusals every game shares: tests/web/test_draws.py and tests/web/test_hostile.py.)"""

import html
import json

import pytest

from tests.web.helpers import game_count, seats, text
from tests.web.test_draws import stored_draws
from tests.web.test_events import EN, make_event

FR = {"Accept-Language": "fr"}
THREE = ["Anne", "Julien", "Sylvie"]


@pytest.mark.two_engines
def test_teams_at_a_drawn_table_of_three_are_refused_naming_the_game(client, app):
    url = make_event(client)
    fields = {"new": "\n".join(THREE), "game": "all-fours", "option.all-fours.teams": "yes"}
    refused = client.post(f"{url}/draw", data=fields, headers=EN)
    assert refused.status_code == 422
    assert "All Fours" in text(refused)
    assert stored_draws(app, url) == 0


def test_a_game_file_of_teams_for_three_says_so_and_never_shows_python_values(client, app):
    document = {"format": "scorekeeper-game/1", "rules": "all-fours", "players": THREE, "options": {"teams": True}}
    response = client.post("/games/import", data=json.dumps(document), content_type="application/json", headers=EN)
    assert response.status_code == 422
    assert "Two teams of two: this needs exactly" in html.unescape(text(response))
    for leak in ("None", "&#39;", "'scorekeeper", "True", "False"):
        assert leak not in text(response), leak
    assert "option teams" not in response.get_data(as_text=True)
    assert game_count(app) == 0


def test_an_option_error_on_the_form_names_the_label_in_french(client):
    data = {**seats("player", THREE), "dealer": "0", "option.teams": "yes"}
    response = client.post("/new/all-fours", data=data, headers=FR)
    assert response.status_code == 422
    assert "teams" not in text(response).replace("Two teams", "")
