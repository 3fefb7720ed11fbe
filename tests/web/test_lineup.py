"""The table's changes on the web (RULES.md section 8): the changes page between rounds, each form refused
where the rules refuse it, the round form for those who play, a watcher kept out."""

import pytest

from .helpers import HX, post_round, start

pytestmark = pytest.mark.two_engines

FOUR = ["Anne", "Ben", "Cleo", "Dan"]


def others(values):
    """An Inferno round where only other cards were collected, for the form's players in seat order."""
    return {f"other.{k}": str(v) for k, v in enumerate(values)}


def change(client, url, kind, **fields):
    """Post one change from the changes page as a phone without JavaScript does: the response."""
    page = client.get(f"{url}/lineup").get_data(as_text=True)  # the version the page shows goes with the form
    at = page.index('name="version" value="') + len('name="version" value="')
    data = {"kind": kind, "version": page[at : page.index('"', at)], **{k: str(v) for k, v in fields.items()}}
    return client.post(f"{url}/lineup", data=data)


def test_the_changes_page_opens_between_rounds_with_a_form_for_each_change(client):
    url = start(client, "inferno", FOUR)
    game = client.get(url).get_data(as_text=True)
    assert 'id="lineup"' in game
    page = client.get(f"{url}/lineup").get_data(as_text=True)
    for form in ("join", "sit-out", "leave", "hand-over", "adjust"):  # a stop after a round: test_lineup_page.py
        assert f'<form class="card" id="{form}"' in page


def test_a_watcher_may_not_change_the_table(client, other_phone):
    url = start(client, "inferno", FOUR)
    assert other_phone.get(f"{url}/lineup").status_code == 403
    assert other_phone.post(f"{url}/lineup", data={"kind": "stop", "version": "1"}).status_code == 403
    assert 'id="lineup"' not in other_phone.get(url).get_data(as_text=True)


def test_a_sit_out_leaves_the_round_form_to_those_who_play(client):
    url = start(client, "inferno", FOUR)
    assert post_round(client, url, 1, "round", others([1, 2, 3, 4])).status_code == 303
    assert change(client, url, "sit_out", sit_out=1).status_code == 303
    page = client.get(url).get_data(as_text=True)
    form = page[page.index('id="round-form"') : page.index('id="scoreboard"')]
    assert 'name="other.2"' in form and 'name="other.3"' not in form and "Ben" not in form
    assert post_round(client, url, 2, "round", others([7, 12, 3]), HX).status_code == 200
    result = client.get(f"{url}/export.json").get_json()
    assert result["rounds"][1]["other"] == [7, None, 12, 3]
    assert result["result"]["rounds"][1]["scores"] == [7, 12, 12, 3]  # Ben scores the round's highest


def test_a_latecomer_joins_at_the_worst_total_and_plays_the_next_round(client):
    url = start(client, "inferno", FOUR)
    post_round(client, url, 1, "round", others([1, 2, 3, 4]))
    page = client.get(f"{url}/lineup").get_data(as_text=True)
    assert 'name="start" type="number" inputmode="numeric" min="-9999" max="9999" value="4"' in page
    assert change(client, url, "join", name="Eve", after=0, start=4).status_code == 303
    exported = client.get(f"{url}/export.json").get_json()
    assert exported["players"][-1] == "Eve" and exported["changes"] == [
        {"before": 2, "join": 4, "after": 0}  # the start as offered: the default, Dan's 4 (it follows corrections)
    ]
    board = client.get(url).get_data(as_text=True)
    assert "Eve" in board[board.index('id="scoreboard"') :]
    assert 'name="other.4"' in board[board.index('id="round-form"') : board.index('id="scoreboard"')]


@pytest.mark.parametrize(
    "kind, fields, said",
    [
        ("sit_out", {"sit_out": 0}, None),  # 4 - 1 = 3: allowed
        ("leave", {"player": 9}, "n’est pas un joueur"),
        ("seat", {"player": 1, "to": "anne"}, "a déjà joué"),
        ("adjust", {"points.0": "0", "reason": "x"}, "au moins un total"),
        ("join", {"name": "Eve", "start": "99999"}, "nombre entier"),
    ],
)
def test_each_form_is_refused_where_section_8_refuses_it_in_the_page_s_language(client, kind, fields, said):
    url = start(client, "inferno", FOUR)
    post_round(client, url, 1, "round", others([1, 2, 3, 4]))
    response = change(client, url, kind, **fields)
    if said is None:
        assert response.status_code == 303
        return
    assert response.status_code == 422
    assert said in response.get_data(as_text=True)
    assert "changes" not in client.get(f"{url}/export.json").get_json()  # nothing stored


def test_a_player_count_bound_is_refused_naming_it(client):
    url = start(client, "inferno", ["Anne", "Ben", "Cleo"])
    response = change(client, url, "leave", player=0)
    assert response.status_code == 422 and "de 3 à 7 joueurs" in response.get_data(as_text=True)


def test_a_stop_ends_the_game_and_its_undo_lets_it_go_on(client):
    url = start(client, "inferno", FOUR)
    post_round(client, url, 1, "round", others([1, 2, 3, 4]))
    assert change(client, url, "stop").status_code == 303
    exported = client.get(f"{url}/export.json").get_json()["result"]
    assert exported["finished"] and exported["winners"] == ["Anne"]
    page = client.get(f"{url}/lineup").get_data(as_text=True)
    at = page.index('name="was" value="') + len('name="was" value="')
    was = page[at : page.index('"', at)].replace("&#34;", '"')
    assert client.post(f"{url}/lineup/undo", data={"was": was}).status_code == 303
    assert client.get(f"{url}/export.json").get_json()["result"]["finished"] is False


def test_a_change_is_refused_while_the_next_round_has_its_bids_saved(client):
    url = start(client, "tout-ou-rien", FOUR)
    bids = {"bids.0": "1", "open.0": "open", "open.1": "secret", "open.2": "secret", "open.3": "secret"}
    assert post_round(client, url, 1, "bids", bids).status_code == 303
    response = change(client, url, "leave", player=3)
    assert response.status_code == 409
