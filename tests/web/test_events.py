"""A club night through the web: started from home, joined by link, tables playing for it, its live page,
leaderboard and exports; with and without htmx.

Its tables play games picked by need, and what the leaderboard then shows is read from the rules' standings of
those games (club_night.py)."""

from __future__ import annotations

import csv
import io
import math
import threading
import time
from datetime import date

import pytest
from pypdf import PdfReader

from scorekeeper import gamefile, live, rules, store
from scorekeeper import leaderboard as leaderboard_module
from scorekeeper.db import get_db
from scorekeeper.views import events as event_views
from tests.markup import Element, parse
from tests.samples import enter, first, sample
from tests.samples import setup_fields as fields_of
from tests.web.club_night import ALONE, EVENING, FOUR, GAME3, GAME4, NAMES, THREE, WINNER, board, names, table
from tests.web.helpers import HX, picked, poll_of, reading, text, until, version_of

pytestmark = pytest.mark.two_engines  # each test runs on SQLite and on PostgreSQL

EN = {"Accept-Language": "en"}
DE = {"Accept-Language": "de"}


@pytest.fixture(autouse=True)
def short_period(app):
    """Club nights' news leave at the turn of a tenth of a second here, not of every second: each poll a test
    made waited for the next turn, 0.5 s on average and up to 1 s, its process idle meanwhile. What the period
    bounds is test_a_watcher_gets_one_answer_a_second_at_most's (with a period of its own)."""
    app.config["EVENT_SETTLE_SECONDS"] = 0.1


def make_event(client, name="Thursday club", day="2026-11-26", headers=None) -> str:
    """Start a club night through its form; its address."""
    response = client.post("/events", data={"name": name, "day": day}, headers=headers or {})
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"]


def play(client, event_url: str, rules_id: str, headers=None, players=None) -> str:
    """Start the sample game of `rules_id` for the event, as a table does, and play it to the end."""
    document = sample(rules_id).GAME
    if players:
        document = {**document, "players": players}
    event_id = event_url.rsplit("/", 1)[-1]
    response = client.post(f"/new/{rules_id}", data={**fields_of(document), "event": event_id})
    assert response.status_code == 303, response.get_data(as_text=True)
    return enter(client, document, headers, url=response.headers["Location"])


def leaderboard(response) -> list[list[str]]:
    """The rows of table#leaderboard as read."""
    body = parse(response.get_data()).first("table", id="leaderboard").first("tbody")
    return [[cell.text("") for cell in row.children if not isinstance(cell, str)] for row in body.all("tr")]


def test_home_starts_a_club_night_with_todays_date(client):
    home = client.get("/", headers=EN).get_data(as_text=True)
    assert 'id="new-event"' in home
    form = client.get("/events/new", headers=EN).get_data(as_text=True)
    assert f'value="{date.today().isoformat()}"' in form
    url = client.post("/events", data={"name": "  Thursday   club ", "day": ""}).headers["Location"]
    page = client.get(url, headers=EN)
    assert page.status_code == 200
    said = text(page)
    assert "Thursday club" in said and "No table yet" in said
    html = page.get_data(as_text=True)
    assert 'id="event-join"' in html and '<img class="qr"' in html and f"{url}/join" in html
    assert 'id="leaderboard-csv"' in html and 'id="event-sheet"' in html and 'id="event-manage"' in html
    assert "Thursday club" in text(client.get("/", headers=EN))


@pytest.mark.parametrize(
    "name, day, message",
    [
        ("", "2026-11-26", "Give the club night a name."),
        ("   ", "", "Give the club night a name."),
        ("\u3164\u2800\u200b", "", "Give the club night a name."),  # blanks that show nothing
        ("x" * 81, "", "at most 80 characters"),
        ("Club\u202enight", "", "control or text-direction character"),
        ("Club\x00night", "", "control or text-direction character"),
        ("Club", "26/11/2026", "The date 26/11/2026 is not a date."),
        ("Club", "2026-13-40", "is not a date"),
    ],
)
def test_a_bad_name_or_date_is_refused_and_nothing_is_stored(client, name, day, message):
    response = client.post("/events", data={"name": name, "day": day}, headers=EN)
    assert response.status_code == 422
    assert message in text(response)
    assert 'id="my-events"' not in client.get("/", headers=EN).get_data(as_text=True)


def test_a_table_joins_by_the_link_and_starts_its_game_for_the_night(client, other_phone):
    url = make_event(client)
    joined = other_phone.post(f"{url}/join")  # the button of the page the link opens
    assert joined.status_code == 303 and joined.headers["Location"].endswith("#event-start")
    assert "Thursday club" in text(other_phone.get("/", headers=EN))
    form = parse(other_phone.get(f"/new/{THREE}?event={url.rsplit('/', 1)[-1]}", headers=EN).get_data())
    ((night, name),) = picked(form)
    assert night and name.startswith("Thursday club · ")  # and its date
    page = other_phone.get(url, headers=EN).get_data(as_text=True)
    assert 'id="event-manage"' not in page  # only the phone that made it manages it
    game = play(other_phone, url, THREE)
    assert f'id="game-event" href="{url}"' in other_phone.get(game).get_data(as_text=True)  # back to the night


@pytest.mark.parametrize(
    ("lang", "button"),
    [("en", "Join the club night"), ("fr", "Rejoindre la soirée"), ("de", "Dem Clubabend beitreten")],
)
def test_the_join_link_opens_a_page_with_one_button_and_joins_nothing(client, other_phone, lang, button):
    url = make_event(client)
    link = other_phone.get(f"{url}/join", headers={"Accept-Language": lang})  # a printed QR code, or another site
    assert link.status_code == 200 and button in text(link) and "Thursday club" in text(link)
    html = link.get_data(as_text=True)
    assert html.count("<button") == 1 and f'method="post" action="{url}/join"' in html
    assert "Thursday club" not in text(other_phone.get("/", headers=EN))  # opening the link joined nothing
    refused = other_phone.post(f"{url}/join", headers={"Sec-Fetch-Site": "cross-site"})
    assert refused.status_code == 403 and "Thursday club" not in text(other_phone.get("/", headers=EN))
    assert other_phone.post(f"{url}/join").headers["Location"] == f"{url}#event-start"
    assert "Thursday club" in text(other_phone.get("/", headers=EN))
    again = other_phone.get(f"{url}/join")  # a phone of the night opening the link again goes to the night
    assert again.status_code == 303 and again.headers["Location"] == f"{url}#event-start"


@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
def test_two_tables_play_to_the_end_and_the_leaderboard_ranks_the_evening(client, other_phone, headers):
    url = make_event(client)
    play(client, url, FOUR, headers)
    other_phone.post(f"{url}/join")
    play(other_phone, url, THREE, headers, players=NAMES)
    page = client.get(url, headers=EN)
    assert leaderboard(page) == EVENING
    said = text(page)
    assert table(1, GAME4) in said
    assert f"Game over · Winner: {WINNER}" in said and "2 games finished" in said


def test_a_player_keeps_one_spelling_all_night_as_tables_finish(client, other_phone):
    """Table 1 seats "Anne", table 2 "anne": the board names her as table 1 does, before and after it finishes."""
    url = make_event(client)
    started = _start(client, url, GAME4)
    other_phone.get(f"{url}/join")
    play(other_phone, url, THREE, players=[NAMES[0].lower(), *NAMES[1:]])
    assert names(leaderboard(client.get(url, headers=EN))) == names(ALONE)
    enter(client, GAME4, url=started)
    assert sorted(names(leaderboard(client.get(url, headers=EN)))) == sorted(GAME4["players"])


def test_a_table_in_progress_shows_its_round_and_leader_and_counts_nothing(client):
    url = make_event(client)
    enter(client, first(GAME4, 1), url=_start(client, url, GAME4))
    page = client.get(url, headers=EN)
    played = rules.play(gamefile.from_document(first(GAME4, 1)))
    leaders = [played.sides[side] for side in played.leaders()]
    said = f"{'Leaders' if len(leaders) > 1 else 'Leader'}: {', '.join(leaders)} {played.totals[played.leaders()[0]]}"
    assert f"Round 2 to play · {said}" in text(page)
    assert 'id="leaderboard"' not in page.get_data(as_text=True)


def _start(client, event_url: str, document: dict):
    """Start a game for the event without rounds; its address."""
    data = {**fields_of(document), "event": event_url.rsplit("/", 1)[-1]}
    response = client.post(f"/new/{document['rules']}", data=data)
    assert response.status_code == 303
    return response.headers["Location"]


def test_a_closed_night_refuses_new_games_with_a_message(client, other_phone):
    url = make_event(client)
    assert other_phone.post(f"{url}/close").status_code == 403
    assert client.post(f"{url}/close").status_code == 303
    response = other_phone.post(f"/new/{THREE}", data={**fields_of(GAME3), "event": url.rsplit("/", 1)[-1]}, headers=EN)
    assert response.status_code == 422
    assert "This club night is closed: no new games can be started for it." in text(response)
    page = client.get(url, headers=EN)
    assert 'id="event-closed"' in page.get_data(as_text=True) and "Table 1" not in text(page)
    assert 'id="event-start"' not in page.get_data(as_text=True)
    client.post(f"{url}/close", data={"closed": "0"})
    assert 'id="event-closed"' not in client.get(url).get_data(as_text=True)


def event_pick(html: str) -> Element:
    """The form's club night fieldset."""
    return parse(html).first("fieldset", id="event-pick")


@pytest.mark.parametrize("headers", [EN, {**EN, **HX}], ids=["plain", "htmx"])
def test_a_table_turned_away_by_a_closed_night_finds_the_form_as_it_left_it(client, other_phone, headers):
    url = make_event(client)
    event_id = url.rsplit("/", 1)[-1]
    assert other_phone.get(f"/new/{THREE}?event={event_id}").status_code == 200  # the table opens the form
    client.post(f"{url}/close")
    posted = {**fields_of(GAME3), "dealer": "2", "event": event_id}
    response = other_phone.post(f"/new/{THREE}", data=posted, headers=headers)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    pick = event_pick(html)
    ((night, name),) = picked(pick)
    assert night == event_id and name.startswith("Thursday club (closed) · ")
    said = "This club night is closed: no new games can be started for it."
    assert said in pick.text() and html.count(said) == 1 and pick.all(aria_describedby="event-error")  # beside it
    for seat, name in enumerate(GAME3["players"]):
        assert f'name="player.{seat}" maxlength="40"' in html and f'value="{name}"' in html
    assert parse(html).ticked("dealer") == ["2"]
    again = other_phone.post(f"/new/{THREE}", data={**posted, "event": ""}, headers=headers)
    assert again.status_code == 303  # "None": the table plays on its own


def test_the_form_opened_for_a_closed_night_says_so_before_the_table_starts(client, other_phone):
    url = make_event(client)
    client.post(f"{url}/close")
    event_id = url.rsplit("/", 1)[-1]
    response = other_phone.get(f"/new/{THREE}?event={event_id}", headers=EN)
    assert response.status_code == 200
    pick = event_pick(response.get_data(as_text=True))
    assert [night for night, _ in picked(pick)] == [event_id] and "This club night is closed" in pick.text()
    client.post(f"{url}/close", data={"closed": "0"})
    opened = event_pick(other_phone.get(f"/new/{THREE}?event={event_id}", headers=EN).get_data(as_text=True))
    assert [night for night, _ in picked(opened)] == [event_id]
    assert "closed" not in opened.text() and not [e for e in opened.all() if "closed" in " ".join(e.attrs.values())]


def test_an_unknown_night_is_refused_by_the_game_form(client):
    response = client.post(f"/new/{THREE}", data={**fields_of(GAME3), "event": "nope"}, headers=EN)
    assert response.status_code == 422 and "There is no such club night" in text(response)
    assert client.get("/events/nope").status_code == 404


def test_the_maker_renames_the_night_and_nobody_else_may(client, other_phone):
    url = make_event(client)
    assert other_phone.post(f"{url}/rename", data={"name": "Mine"}).status_code == 403
    assert client.post(f"{url}/rename", data={"name": ""}, headers=EN).status_code == 422
    assert client.post(f"{url}/rename", data={"name": "Friday club"}).status_code == 303
    assert "Friday club" in text(client.get(url))


def test_the_leaderboard_csv_quotes_every_field_and_neutralises_formulas(client):
    url = make_event(client)
    typed = ["=HYPERLINK(1)", NAMES[1], "@" + NAMES[2]]
    play(client, url, THREE, players=typed)
    response = client.get(f"{url}/leaderboard.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    body = response.get_data(as_text=True)
    assert body.splitlines()[0] == '"rank","player","games","won","average"'
    rows = list(csv.reader(io.StringIO(body)))
    neutral = {typed[0]: "'" + typed[0], typed[2]: "'" + typed[2]}  # read as text, never as a formula
    assert rows[1:] == [
        [rank, neutral.get(name, name), *rest] for rank, name, *rest in board({**GAME3, "players": typed})
    ]
    assert all(line.startswith('"') for line in body.splitlines())


@pytest.mark.parametrize(
    "paper, lang, words",
    [
        ("a4", "en", ["Leaderboard", "Table 1", "Page 1 of 1"]),
        ("letter", "fr", ["Classement", "Table 1", "Page 1 sur 1"]),
    ],
)
def test_the_results_sheet_prints_the_night_in_the_pages_language(client, other_phone, paper, lang, words):
    url = make_event(client, name="Soirée Łódź")
    play(client, url, FOUR)
    play(other_phone, url, THREE, players=NAMES)
    response = client.get(f"{url}/sheet.pdf?paper={paper}", headers={"Accept-Language": lang})
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    reader = PdfReader(io.BytesIO(response.get_data()))
    said = " ".join(page.extract_text() for page in reader.pages)
    for word in [*words, "Soirée Łódź", *GAME4["players"], "Table 2"]:
        assert word in said
    best = EVENING[0][4]
    assert (best.replace(".", ",") if lang == "fr" else best) in said
    width = float(reader.pages[0].mediabox.width)
    assert round(width) == (595 if paper == "a4" else 612)


def test_a_bad_paper_is_refused(client):
    url = make_event(client)
    refused = client.get(f"{url}/sheet.pdf?paper=a0", headers={"Accept-Language": "en"})
    assert refused.status_code == 422 and refused.mimetype == "text/html"
    assert "The paper must be a4 or letter (got a0)." in refused.get_data(as_text=True)


def test_the_poll_says_nothing_new_until_a_table_changes(client):
    url = make_event(client)
    poll = poll_of(client.get(url).get_data())
    assert client.get(poll, headers=HX).status_code == 204
    play(client, url, THREE)
    news = client.get(poll, headers=HX)
    assert news.status_code == 200
    said = news.get_data(as_text=True)
    assert 'id="leaderboard"' in said and 'hx-swap-oob="replace"' in said and "<html" not in said
    assert version_of(poll_of(said)) != version_of(poll)


def test_a_waiting_watcher_is_woken_by_a_round_at_any_table(app, client):
    url = make_event(client)
    game = _start(client, url, GAME4)
    poll = poll_of(client.get(url).get_data())
    answers: list = []
    watcher = threading.Thread(
        target=lambda: answers.append(app.test_client().get(f"{poll}&wait=10", headers={**HX, **EN}))
    )
    started = time.monotonic()
    watcher.start()
    until(lambda: live.watch(app.config["DATABASE"]).waiting)  # the watcher waits for news
    enter(client, first(GAME4, 1), url=game)
    watcher.join(12)
    assert answers and answers[0].status_code == 200
    assert time.monotonic() - started < 8  # woken by the table's first save (its bids), not by the end of its wait
    assert table(1, GAME4) in text(answers[0])
    assert "Round 2 to play" in text(client.get(url, headers=EN))


def _saving(app, game_url: str, changes: int) -> None:
    """The table of `game_url` saving `changes` changes one after another, as fast as it can (its players
    renamed as they were: its game's and the event's versions move on with each)."""
    game_id = game_url.rstrip("/").rsplit("/", 1)[-1]
    with app.app_context():
        db = get_db()
        players = store.load(db, game_id).game.players
        for _ in range(changes):
            store.rename(db, game_id, players, players)


@pytest.mark.parametrize("follows", [True, False], ids=["following-its-version", "asking-with-an-old-version"])
def test_a_watcher_gets_one_answer_a_second_at_most_however_fast_a_table_saves(app, client, follows):
    period = app.config["EVENT_SETTLE_SECONDS"] = 0.1  # shorter here: the bound is one answer a period
    url = make_event(client)
    game = _start(client, url, GAME4)
    saved, answers = threading.Event(), []

    def watch() -> None:
        """A watcher that asks again as soon as it is answered: with its answer's version, or with version 0."""
        watcher, version = app.test_client(), "0"
        while not saved.is_set():
            response = watcher.get(f"{url}/poll?version={version if follows else 0}&wait=1", headers=HX)
            if response.status_code == 200:
                answers.append(response)
                version = version_of(poll_of(response.get_data()))

    started = time.time()
    watcher = threading.Thread(target=watch)
    watcher.start()
    _saving(app, game, 150)
    saved.set()
    watcher.join(10)
    ended = time.time()
    periods = math.floor(ended / period) - math.floor(started / period)  # the turns of the period the test saw
    assert 1 <= len(answers) <= periods, (len(answers), periods)
    assert all(table(1, GAME4) in text(answer) for answer in answers)


def asking(kind: str) -> int:
    """How many requests hold or wait for their turn to make something of this kind (a leaderboard: "standing")."""
    with event_views.ONCE.lock:
        return sum(turn[1] for key, turn in event_views.ONCE.turns.items() if key[0] == kind)


def test_six_languages_and_views_woken_together_share_one_leaderboard_and_get_their_own_news(app, client, monkeypatch):
    url = make_event(client)
    play(client, url, THREE)
    worked_out = []

    def counted(finishes):
        """The leaderboard, counted; worked out once every watcher has asked for it (the first works it out,
        the others wait for it: kept.Once)."""
        worked_out.append(1)
        until(lambda: asking("standing") >= len(variants))
        return real(finishes)

    real = leaderboard_module.leaderboard
    monkeypatch.setattr(leaderboard_module, "leaderboard", counted)
    variants = [(lang, view) for lang in ("fr", "en", "de") for view in ("", "&view=screen")]
    answers: dict = {}

    def watch(lang: str, view: str) -> None:
        """A watcher in `lang` and `view` whose version is old: it has news at once."""
        asked = app.test_client().get(f"{url}/poll?version=1{view}", headers={**HX, "Accept-Language": lang})
        answers[(lang, view)] = asked

    watchers = [threading.Thread(target=watch, args=variant) for variant in variants]
    for watcher in watchers:
        watcher.start()
    for watcher in watchers:
        watcher.join(10)
    assert len(worked_out) == 1
    assert all(answer.status_code == 200 for answer in answers.values())
    words = {"fr": "Classement", "en": "Leaderboard", "de": "Rangliste"}
    for (lang, view), answer in answers.items():
        assert words[lang] in text(answer) and ('class="screen-head"' in answer.get_data(as_text=True)) == bool(view)


def test_the_big_screen_has_the_leaderboard_and_no_controls(client):
    url = make_event(client)
    play(client, url, THREE)
    screen = client.get(f"{url}/screen", headers=EN)
    html = screen.get_data(as_text=True)
    assert screen.status_code == 200 and 'id="leaderboard"' in html and 'class="big-screen"' in html
    assert "<form" not in html and "<button" not in html
    assert "view=screen" in html


def test_a_players_page_shows_their_club_nights(client):
    url = make_event(client)
    play(client, url, THREE, players=NAMES)
    page = client.get(f"/players/{NAMES[0].lower()}", headers=EN)
    assert page.status_code == 200
    assert 'id="player-events"' in page.get_data(as_text=True) and "Thursday club" in text(page)


def test_one_address_cannot_start_club_nights_without_limit(app, client):
    app.config["EVENT_CREATE_LIMIT"] = "2 per minute"
    make_event(client)
    make_event(client)
    refused = client.post("/events", data={"name": "Third"}, headers=EN)
    assert refused.status_code == 429
    assert "Too many club nights" in text(refused)


def test_the_night_speaks_german(client):
    url = make_event(client, headers=DE)
    play(client, url, THREE)
    page = client.get(url, headers=DE)
    said = text(page)
    assert "Rangliste" in said and "Tisch 1" in said and "100,0" in said  # the winner's, alone


def test_an_htmx_request_gets_the_regions_that_change(client):
    url = make_event(client)
    play(client, url, THREE)
    blocks = client.get(url, headers={**HX, **EN})
    html = blocks.get_data(as_text=True)
    assert blocks.status_code == 200 and "<html" not in html and blocks.headers["Vary"].startswith("HX-Request")
    assert 'id="event-tables"' in html and 'id="leaderboard"' in html and 'id="event-manage"' not in html


def test_the_page_shows_the_first_rows_and_links_the_whole_leaderboard(client, monkeypatch):
    from scorekeeper.views import events as views

    monkeypatch.setattr(views, "LEADERS", 2)
    url = make_event(client)
    play(client, url, THREE, players=NAMES)
    page = client.get(url, headers=EN)
    assert names(leaderboard(page)) == names(ALONE)[:2]
    assert "The whole leaderboard: 3 players" in text(page)
    whole = client.get(f"{url}/leaderboard", headers=EN)
    assert names(leaderboard(whole)) == names(ALONE)


def test_a_rematch_at_a_club_night_counts_for_the_evening_while_it_takes_games(client):
    url = make_event(client)
    game = play(client, url, THREE)
    again = client.post(f"{game}/rematch")
    assert again.status_code == 303
    assert f"Table 2 {rules.get(THREE).name}" in text(client.get(url, headers=EN))
    client.post(f"{url}/close")
    alone = client.post(f"{game}/rematch")
    assert alone.status_code == 303 and "Table 3" not in text(client.get(url, headers=EN))


def test_a_night_takes_a_bounded_number_of_games(client, monkeypatch):
    from scorekeeper import events

    monkeypatch.setattr(events, "MAX_GAMES", 1)
    url = make_event(client)
    play(client, url, THREE)
    refused = client.post(f"/new/{THREE}", data={**fields_of(GAME3), "event": url.rsplit("/", 1)[-1]}, headers=EN)
    assert refused.status_code == 422
    assert "This club night has all the games it may have (1)" in text(refused)
    assert "Table 2" not in text(client.get(url, headers=EN))


def test_a_game_stored_without_its_summary_is_summarised_when_the_night_is_shown(app, client):
    url = make_event(client)
    play(client, url, THREE, players=NAMES)
    with reading(app) as db:
        db.execute("delete from summaries")  # as a game stored before summaries were written with each change
    assert leaderboard(client.get(url, headers=EN))[0] == ALONE[0]
