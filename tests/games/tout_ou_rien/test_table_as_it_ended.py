"""After a game whose table changed (RULES.md section 8): the history, a player's record, a club night's
leaderboard and the rematch go by the table as it ended: a seat handed over is its last holder's, a leaver is
not at the rematch, a latecomer is where they sat, and a game stopped early counts as finished."""

import csv
import io
import json

import pytest

from scorekeeper import schema
from tests.markup import parse
from tests.web.helpers import imported, listed_games, post_round, reading, terms, text

pytestmark = pytest.mark.two_engines

EN = {"Accept-Language": "en"}
SECRET = [False] * 5


def hand(bids_tricks):
    """A hand where every player's secret bid is the tricks they took (None: not in the hand)."""
    return {
        "bids": list(bids_tricks),
        "open": [None if t is None else False for t in bids_tricks],
        "tricks": list(bids_tricks),
    }


# Anne, Ben, Cleo, Dan play hand 1; Eve sits down after Ben and Dan leaves; Anne hands her seat to Marc; the
# table stops after hand 2. Totals: Anne/Marc 4 + 4 = 8, Ben 5 + 4 = 9, Cleo 6 + 5 = 11, Dan 3, Eve 3 + 4 = 7.
CHANGED = {
    "format": "scorekeeper-game/1",
    "rules": "tout-ou-rien",
    "players": ["Anne", "Ben", "Cleo", "Dan", "Eve"],
    "first_dealer": 0,
    "rounds": [hand([1, 2, 3, 0, None]), hand([1, 1, 2, None, 1])],
    "changes": [
        {"before": 2, "join": 4, "after": 1},
        {"before": 2, "leave": 3},
        {"before": 3, "seat": 0, "to": "Marc"},
        {"before": 3, "stop": True},
    ],
}


@pytest.fixture
def url(client) -> str:
    """The game above, imported (so owned) by `client`."""
    response = client.post("/games/import", data=json.dumps(CHANGED), content_type="application/json")
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"]


def test_the_rematch_seats_the_table_as_it_ended_and_passes_the_deal_on(client, url):
    again = client.post(f"{url}/rematch").headers["Location"]
    exported = client.get(f"{again}/export.json").get_json()
    assert exported["players"] == ["Marc", "Ben", "Eve", "Cleo"]  # Dan left; Eve sat after Ben; Anne's seat: Marc
    assert exported["first_dealer"] == 1 and "changes" not in exported  # Anne's seat dealt first: now Ben
    assert exported["rounds"] == []


def test_a_first_dealer_who_left_passes_the_rematch_s_first_deal_to_the_next_still_there(client):
    document = {**CHANGED, "first_dealer": 3}  # Dan dealt first, then left
    url = imported(client, document)
    again = client.post(f"{url}/rematch").headers["Location"]
    exported = client.get(f"{again}/export.json").get_json()
    assert exported["players"][exported["first_dealer"]] == "Marc"  # after Dan, clockwise: Anne's seat


def test_a_table_grown_past_the_games_bound_is_told_why_no_rematch_starts(client):
    players = ["Anne", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus"]
    document = {
        **CHANGED,
        "players": players,
        "rounds": [hand([1, 1, 1, 1, 1, 1, None]), hand([1, 1, 1, 1, 1, None, 0])],
        "changes": [{"before": 2, "join": 6}, {"before": 2, "sit_out": [5]}, {"before": 3, "stop": True}],
    }
    url = imported(client, document)
    refused = client.post(f"{url}/rematch", headers=EN)
    assert refused.status_code == 409 and "3 to 6" in text(refused)


def test_a_player_s_record_counts_the_seat_under_its_last_holder(client, url):
    marc = client.get("/players/Marc", headers=EN)
    assert marc.status_code == 200
    said = terms(marc.get_data())
    assert said["Games played"] == "1" and said["Best total"] == "8"
    anne = client.get("/players/Anne", headers=EN)
    assert anne.status_code == 200 and "Games played" not in terms(anne.get_data())  # her seat went on as Marc's
    game_id = url.rsplit("/", 1)[-1]
    assert listed_games(anne.get_data()) == [game_id]  # the game she sat in is still on her page


def test_the_history_shows_the_seat_under_its_last_holder_and_finds_it_under_either(client, url):
    game_id = url.rsplit("/", 1)[-1]
    for name in ("Marc", "anne", "Eve", "Dan"):
        assert listed_games(client.get("/history", query_string={"player": name}).get_data()) == [game_id], name
    sides = parse(client.get("/history", headers=EN).get_data()).first("span", class_="sides").text(" ")
    assert "Marc 8" in " ".join(sides.split()) and "Anne" not in sides
    known = parse(client.get("/history").get_data()).first("datalist", id="known-players")
    offered = [o.attrs["value"] for o in known.all("option")]
    assert "Marc" in offered  # the player filter offers whoever held a seat


def test_a_stopped_game_counts_on_the_club_night_under_the_seat_s_last_holder(client):
    night = client.post("/events", data={"name": "Thursday club", "day": "2026-11-26"}).headers["Location"]
    fields = {"player.0": "Anne", "player.1": "Ben", "player.2": "Cleo", "dealer": "0"}
    url = client.post("/new/tout-ou-rien", data={**fields, "event": night.rsplit("/", 1)[-1]}).headers["Location"]
    bids = {"open.0": "secret", "open.1": "secret", "open.2": "secret"}
    assert post_round(client, url, 1, "bids", bids).status_code == 303
    tricks = {"bids.0": "1", "bids.1": "2", "bids.2": "0", "tricks.0": "1", "tricks.1": "2", "tricks.2": "3"}
    assert post_round(client, url, 1, "tricks", tricks).status_code == 303  # Anne 4, Ben 5, Cleo 3
    assert lineup(client, url, "seat", player=0, to="Marc").status_code == 303
    assert not _board(client, night)  # a game in progress counts nothing
    assert lineup(client, url, "stop").status_code == 303
    assert [row[1] for row in _board(client, night)] == ["Ben", "Marc", "Cleo"]


def lineup(client, url, kind, **fields):
    """One change posted from the changes page, as a phone without JavaScript posts it."""
    version = parse(client.get(f"{url}/lineup").get_data()).first("input", name="version").attrs["value"]
    return client.post(f"{url}/lineup", data={"kind": kind, "version": version, **fields})


def _board(client, night) -> list[list[str]]:
    """The club night's leaderboard rows as read (none before a game finishes)."""
    table = parse(client.get(night, headers=EN).get_data()).all("table", id="leaderboard")
    if not table:
        return []
    rows = table[0].first("tbody").all("tr")
    return [[cell.text("") for cell in row.children if not isinstance(cell, str)] for row in rows]


def test_a_summary_written_before_seats_went_to_their_last_holder_is_made_again(app, client, url):
    """A server that summarised this game before keeps Anne's name on the seat until the migration drops it."""
    game_id = url.rsplit("/", 1)[-1]
    with reading(app) as db:
        with db.transaction():
            data = json.loads(next(iter(db.query("select data from summaries where game_id = ?", [game_id])))["data"])
            old = json.dumps({**data, "players": CHANGED["players"]})
            db.execute("update summaries set data = ? where game_id = ?", [old, game_id])
        assert "Games played" not in terms(client.get("/players/Marc", headers=EN).get_data())  # as it was shown
        with db.transaction():
            schema.m011_summaries_by_last_holder(db)
    assert terms(client.get("/players/Marc", headers=EN).get_data())["Games played"] == "1"


def test_the_finished_game_links_the_records_its_seats_count_for(client, url):
    links = parse(client.get(url).get_data()).first("p", class_="player-links").all("a")
    assert [a.text() for a in links] == ["Marc", "Ben", "Cleo", "Dan", "Eve"]  # Anne's seat counts for Marc


def test_the_game_s_csv_names_each_dealer_as_the_columns_name_the_seats(client, url):
    rows = list(csv.reader(io.StringIO(client.get(f"{url}/export.csv").get_data(as_text=True))))
    assert rows[0][2:] == ["Marc", "Ben", "Cleo", "Dan", "Eve"]
    assert [row[1] for row in rows[1:3]] == ["Marc", "Ben"]  # Anne's seat dealt hand 1: it is Marc's column
