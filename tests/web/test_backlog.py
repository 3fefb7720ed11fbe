"""No request does work piled up by earlier ones: a game's summary (what the home page, the history and the
players' pages read) is written with every change of the game; games stored before that are caught up a
few at a time; the home page lists a page's worth of games, the admin's too. And a rematch tapped five
times at once makes one game."""

from __future__ import annotations

import json
import threading

import pytest

from scorekeeper.views.home import LISTED
from tests import pick
from tests.samples import sample
from tests.samples import start as setup

from .helpers import HX, game_count, imported, listed_games, post_round, reading, rename, start, stored

ANY = pick.game(pick.players(3))  # any game three can play, and its sample's whole game


def summaries(app) -> dict[str, tuple[int, int]]:
    """Each game's (version, its summary's version or 0), straight from the database."""
    with reading(app) as db:
        rows = db.execute(
            "select g.id, g.version, coalesce(s.version, 0) from games g left join summaries s on s.game_id = g.id"
        ).fetchall()
    return {game_id: (version, summary) for game_id, version, summary in rows}


def forget_summaries(app) -> None:
    """The database as an older Scorekeeper left it: games without summaries."""
    with reading(app) as db:
        db.execute("delete from summaries")


def up_to_date(app) -> bool:
    return all(version == summary for version, summary in summaries(app).values())


def test_every_change_writes_the_games_summary_no_page_has_to(app, client):
    imported(client, sample(ANY).full_game())
    assert up_to_date(app)
    game = sample(pick.game(pick.one_form)).GAME
    ((step, fields),) = pick.posts(game, 1)
    assert post_round(client, setup(client, game), 1, step, fields).status_code == 303
    assert up_to_date(app)
    game = sample(pick.game(pick.bids_first)).GAME
    drafted = setup(client, game)
    step, fields = pick.posts(game, 1)[0]
    assert post_round(client, drafted, 1, step, fields).status_code == 303  # a draft moves the version on too
    assert up_to_date(app)
    players = game["players"]
    assert rename(client, drafted, ["Anna", *players[1:]], was=json.dumps(players)).status_code == 303
    assert up_to_date(app)
    assert "Anna" in client.get("/history?player=anna").get_data(as_text=True)


def test_games_stored_without_a_summary_are_caught_up_a_few_at_a_time(app, client):
    for _ in range(60):
        imported(client, sample(ANY).full_game())
    forget_summaries(app)
    assert client.get("/").status_code == 200
    caught_up = sum(version == summary for version, summary in summaries(app).values())
    assert 0 < caught_up <= 50  # one page does a bounded share of it
    for _ in range(10):
        client.get("/history")
        if up_to_date(app):
            break
    assert up_to_date(app)
    assert len(listed_games(client.get("/history").get_data())) == 50


@pytest.mark.parametrize("headers", [{}, HX])
def test_the_home_page_lists_a_pages_worth_and_points_to_the_history(app, client, headers):
    for _ in range(LISTED + 2):
        imported(client, sample(ANY).full_game())  # finished games
    start(client, ANY, ["Anne", "Julien", "Sylvie"])
    html = client.get("/", headers=headers).get_data(as_text=True)
    finished = html[html.index('id="my-games"') :]
    assert len(listed_games(finished)) == LISTED
    assert 'id="more-games"' in html and 'id="history-link"' in html


def test_a_rematch_tapped_five_times_at_once_makes_one_game(app, client, other_phone):
    url = imported(client, sample(ANY).full_game())
    before = game_count(app)
    cookie = client.get_cookie("device")
    phones = [app.test_client() for _ in range(5)]
    for phone in phones:
        phone.set_cookie("device", cookie.value)  # the same phone, five requests on their way at once
    ready, answers = threading.Barrier(5), []

    def tap(phone) -> None:
        ready.wait()
        answers.append(phone.post(url + "/rematch"))

    threads = [threading.Thread(target=tap, args=(phone,)) for phone in phones]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert [a.status_code for a in answers] == [303] * 5
    assert len({a.headers["Location"] for a in answers}) == 1
    assert game_count(app) == before + 1
    other_phone.get(f"{url}/score/{stored(app, url).score_token}")  # another phone of the table, which scores
    again = other_phone.post(url + "/rematch")  # the same rematch
    assert again.headers["Location"] == answers[0].headers["Location"] and game_count(app) == before + 1
    assert "round-entry" in client.get(answers[0].headers["Location"]).get_data(as_text=True)  # the tapper scores
