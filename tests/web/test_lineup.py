"""The table's changes on the web (RULES.md section 8): the changes page between rounds, each form refused
where the rules refuse it, a watcher kept out. Each test plays a game picked by the changes it makes
(tests/pick.py), a round taken from its sample; what sitting out or joining scores is each game's own (in its
folder: tests/games/<module>/test_lineup_web.py)."""

import pytest

from scorekeeper import gamefile, rules
from scorekeeper.rules.base import Rules
from tests import pick
from tests.samples import enter, first, sample
from tests.samples import start as setup

from .helpers import change, post_round

pytestmark = pytest.mark.two_engines

FOUR = ["Anne", "Ben", "Cleo", "Dan"]


def every_change(bundle) -> bool:
    """Its table may make every change a game may (join, sit out, leave, hand a seat over, adjust, stop), a
    latecomer's start typed in."""
    r = rules.get(bundle.id)
    return set(Rules.lineup_changes) <= set(r.lineup_changes) and r.start_range is not None


def leaving(bundle) -> bool:
    """A player may leave its table."""
    return "leave" in rules.get(bundle.id).lineup_changes


CHANGING = pick.game(every_change, pick.players(4))
GAME = sample(CHANGING).full_game(FOUR)  # its whole game for Anne, Ben, Cleo and Dan


def test_the_changes_page_opens_between_rounds_with_a_form_for_each_change(client):
    url = setup(client, GAME)
    game = client.get(url).get_data(as_text=True)
    assert 'id="lineup"' in game
    page = client.get(f"{url}/lineup").get_data(as_text=True)
    for form in ("join", "sit-out", "leave", "hand-over", "adjust"):  # a stop after a round: test_lineup_page.py
        assert f'<form class="card" id="{form}"' in page


def test_a_watcher_may_not_change_the_table(client, other_phone):
    url = setup(client, GAME)
    assert other_phone.get(f"{url}/lineup").status_code == 403
    assert other_phone.post(f"{url}/lineup", data={"kind": "stop", "version": "1"}).status_code == 403
    assert 'id="lineup"' not in other_phone.get(url).get_data(as_text=True)


@pytest.mark.parametrize(
    "kind, fields, said",
    [
        ("sit_out", {"sit_out": "0"}, None),  # 4 - 1 = 3: allowed
        ("leave", {"player": "9"}, "n’est pas un joueur"),
        ("seat", {"player": "1", "to": "anne"}, "a déjà joué"),
        ("adjust", {"points.0": "0", "reason": "x"}, "au moins un total"),
        ("join", {"name": "Eve", "start": "99999"}, "nombre entier"),
    ],
)
def test_each_form_is_refused_where_section_8_refuses_it_in_the_page_s_language(client, kind, fields, said):
    url = enter(client, first(GAME, 1))
    response = change(client, url, kind, **fields)
    if said is None:
        assert response.status_code == 303
        return
    assert response.status_code == 422
    assert said in response.get_data(as_text=True)
    assert "changes" not in client.get(f"{url}/export.json").get_json()  # nothing stored


def test_a_player_count_bound_is_refused_naming_it(client):
    r = rules.get(pick.game(leaving))
    url = setup(client, sample(r.id).full_game(FOUR[: r.min_players]))  # the fewest players it takes
    response = change(client, url, "leave", player="0")
    assert response.status_code == 422 and f"de {r.min_players} à {r.max_players} joueurs" in response.get_data(
        as_text=True
    )


def test_a_stop_ends_the_game_and_its_undo_lets_it_go_on(client):
    url = enter(client, first(GAME, 1))
    played = rules.play(gamefile.from_document(first(GAME, 1)))
    assert change(client, url, "stop").status_code == 303
    exported = client.get(f"{url}/export.json").get_json()["result"]
    assert exported["finished"] and exported["winners"] == [played.sides[side] for side in played.leaders()]
    page = client.get(f"{url}/lineup").get_data(as_text=True)
    at = page.index('name="was" value="') + len('name="was" value="')
    was = page[at : page.index('"', at)].replace("&#34;", '"')
    assert client.post(f"{url}/lineup/undo", data={"was": was}).status_code == 303
    assert client.get(f"{url}/export.json").get_json()["result"]["finished"] is False


def test_a_change_is_refused_while_the_next_round_has_its_bids_saved(client):
    game = sample(pick.game(pick.bids_first, leaving, pick.players(4))).full_game(FOUR)
    url = setup(client, game)
    step, fields = pick.posts(game, 1)[0]
    assert post_round(client, url, 1, step, fields).status_code == 303
    response = change(client, url, "leave", player="3")
    assert response.status_code == 409
