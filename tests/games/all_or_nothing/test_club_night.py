"""A club night in a real browser on phones, played at ALL or NOTHING (its numbers are this game's, worked out by
hand: moved from the shared tests/browser/test_events.py): the organiser starts it from the home page; two tables
join by its link and play to the end (the organiser's phone at table 1, another phone at table 2); the organiser's
page follows them live to the leaderboard; the results sheet and the CSV download; the big screen. All of it in
German (the longest words); the same evening's page and big screen in French and English too, its tables played
through the test client (the words and numbers of each language's sheet: tests/web/test_events.py). The screens of a
club night pass the accessibility audit in tests/browser/test_events.py.

Set SCOREKEEPER_SHOTS to a folder to keep a 390x844 screenshot of each screen."""

from __future__ import annotations

import csv
import io
import os
import re
from datetime import date
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pypdf import PdfReader

from tests.browser.helpers import enter_seats, submit_step
from tests.browser.touch import press
from tests.samples import enter, sample, setup_fields

pytestmark = pytest.mark.browser

N, A = "nothing", "all"
# two hands each (option hands = 2); lowest wins. Table 1: Anne 90, Pierre 120, Julien 140, Sylvie 170.
TABLE_1 = (
    ["Anne", "Julien", "Sylvie", "Pierre"],
    [([N, N, A, N], [0, 2, 8, 0], [0, 0, 1, 0]), ([N] * 4, [1, 2, 3, 4], [0] * 4)],
)
# Table 2: Fay 120, Eve 140, anne (Anne of table 1) 160, Gus 180
TABLE_2 = (["anne", "Eve", "Fay", "Gus"], [([N] * 4, [3, 2, 1, 4], [0] * 4)] * 2)
# RULES.md section 7: rank, player, games, won, average
LEADERBOARD = [
    ("1", "Fay", "1", "1", "100.0"),
    ("2", "Anne", "2", "1", "66.7"),
    ("3", "Eve", "1", "0", "66.7"),
    ("3", "Pierre", "1", "0", "66.7"),
    ("5", "Julien", "1", "0", "33.3"),
    ("6", "Gus", "1", "0", "0.0"),
    ("6", "Sylvie", "1", "0", "0.0"),
]
WORDS = {"fr": "Classement", "en": "Leaderboard", "de": "Rangliste"}
LONG = "Gustavusadolphusmaximilianbartholomäus"  # Gus as a name of one long word (names take 40 letters)
SETTLE = 0.25  # s: EVENT_SETTLE_SECONDS, the period a club night's news leaves at the turn of


def shot(page: Page, name: str, full_page: bool = True) -> None:
    """Keep a screenshot of the page (or of the screen only) when SCOREKEEPER_SHOTS names a folder."""
    folder = os.environ.get("SCOREKEEPER_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{folder}/{name}.png", full_page=full_page)


def play_table(page: Page, table: tuple, lang: str) -> None:
    """From the event page: pick ALL or NOTHING, type the players (the event already chosen), play it out."""
    players, rounds = table
    press(page, "#event-start a.game-pick[href*='/new/all-or-nothing']")
    page.wait_for_url(re.compile(r"/new/all-or-nothing\?event="))
    expect(page.locator("#event-choice")).to_have_value(page.url.split("event=")[1])
    shot(page, f"{lang}-3-new-game")
    for seat, name in enumerate(players):
        page.locator(f"#player-{seat}").fill(name)
    page.locator("#opt-hands").fill("2")
    press(page, "#setup-form button[type=submit]")
    expect(page.locator("#round-form")).to_be_visible()
    for number, (bids, tricks, reneges) in enumerate(rounds, start=1):
        enter_seats(page, "bids", bids)
        submit_step(page, "tricks")
        enter_seats(page, "tricks", tricks)
        enter_seats(page, "reneges", [r if r else None for r in reneges])
        submit_step(page, number=number)
    expect(page.locator("#winners")).to_be_visible()


def leaderboard(page: Page) -> list[tuple]:
    """The leaderboard's rows as read, decimals written with a point (in one call, not one a row)."""
    rows = page.locator("table#leaderboard tbody tr").evaluate_all(
        "rows => rows.map(row => [...row.querySelectorAll('td, th')].map(cell => cell.innerText))"
    )
    return [tuple(c.replace(",", ".") for c in row) for row in rows]


def test_a_club_night_from_start_to_results(app, page: Page, second_phone: Page, live_server, lang="de"):
    # the organiser's page follows each change at the next turn of the period (1 s at a venue): a shorter one
    # follows the same changes, live, without the test waiting half a period for the last
    app.config["EVENT_SETTLE_SECONDS"] = SETTLE
    page.context.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
    page.goto(live_server + "/")
    press(page, "#new-event")
    expect(page.locator("#event-day")).to_have_value(date.today().isoformat())
    shot(page, f"{lang}-1-new-event")
    page.locator("#event-name").fill("Club Łódź")
    press(page, "#event-form button[type=submit]")
    expect(page.locator("#event-head h1")).to_have_text("Club Łódź")
    event_url = page.url
    join = page.locator("#event-join-link").get_attribute("href")
    assert join, "the page gives no join link"
    expect(page.locator("#event-join img.qr")).to_be_visible()
    shot(page, f"{lang}-2-event")

    play_table(page, TABLE_1, lang)  # the organiser's phone keeps table 1's score

    table_2 = second_phone  # table 2's phone opens the join link
    table_2.context.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
    table_2.goto(join)
    shot(table_2, f"{lang}-4-join")
    press(table_2, "#event-join-form button")  # opening the link joins nothing: its one button does
    expect(table_2.locator("#event-start")).to_be_in_viewport()
    page.goto(event_url)  # the organiser watches the evening while table 2 plays
    expect(page.locator("table#leaderboard tbody tr")).to_have_count(4)
    play_table(table_2, TABLE_2, lang)
    shot(table_2, f"{lang}-4-table-2-over")
    expect(page.locator("table#leaderboard tbody tr")).to_have_count(7)  # followed live, no reload
    assert leaderboard(page) == LEADERBOARD
    expect(page.locator("#event-tables .event-table.done")).to_have_count(2)
    shot(page, f"{lang}-5-leaderboard")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing scrolls sideways

    with page.expect_download() as csv_download:
        press(page, "#leaderboard-csv")
    rows = list(csv.reader(io.StringIO(Path(csv_download.value.path()).read_text("utf-8"))))
    assert rows[0] == ["rank", "player", "games", "won", "average"] and [tuple(r) for r in rows[1:]] == LEADERBOARD
    with page.expect_download() as sheet_download:
        press(page, "#event-sheet")
    said = " ".join(p.extract_text() for p in PdfReader(sheet_download.value.path()).pages)
    for word in ("Club Łódź", WORDS[lang], "Fay", "Anne", "Gus", ("66.7" if lang == "en" else "66,7")):
        assert word in said

    press(page, "#event-screen")
    page.wait_for_url(re.compile(r"/screen$"))
    expect(page.locator("table#leaderboard tbody tr")).to_have_count(7)
    expect(page.locator("header.top")).to_be_hidden()
    expect(page.locator(".big-screen button, .big-screen form")).to_have_count(0)
    shot(page, f"{lang}-6-big-screen")


def played(client, event_url: str, table: tuple) -> None:
    """A table of the evening started for the night and played to the end through the test client."""
    players, rounds = table
    document = {
        **sample("all-or-nothing").GAME,
        "players": players,
        "first_dealer": 0,
        "rounds": [{"bids": b, "tricks": t, "reneges": r} for b, t, r in rounds],
    }
    fields = {**setup_fields(document), "event": event_url.rsplit("/", 1)[1]}
    answer = client.post("/new/all-or-nothing", data=fields)
    assert answer.status_code == 303, answer.get_data(as_text=True)[:300]
    enter(client, document, url=answer.headers["Location"])


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_evenings_results_read_in_french_and_english(app, page: Page, live_server, lang):
    """The evening above, in the other languages: the same leaderboard with the language's decimals, nothing
    scrolling sideways, even the leaderboard with a name of one long word, the big screen."""
    client = app.test_client()
    answer = client.post("/events", data={"name": "Club Łódź", "day": date.today().isoformat()})
    event_url = answer.headers["Location"]
    played(client, event_url, TABLE_1)
    played(client, event_url, ([*TABLE_2[0][:3], LONG], TABLE_2[1]))
    page.context.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
    page.goto(live_server + event_url)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("#event-leaderboard")).to_contain_text(WORDS[lang])
    assert leaderboard(page) == [(*row[:1], LONG, *row[2:]) if row[1] == "Gus" else row for row in LEADERBOARD]
    wrap = page.locator("#event-leaderboard .board-wrap")  # the average in view, not scrolled off by the name
    assert wrap.evaluate("e => e.scrollWidth <= e.clientWidth"), "the leaderboard scrolls sideways at 390 px"
    expect(page.locator("table#leaderboard tbody tr").nth(1)).to_contain_text("66.7" if lang == "en" else "66,7")
    expect(page.locator("#event-tables .event-table.done")).to_have_count(2)
    shot(page, f"{lang}-5-leaderboard")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing scrolls sideways
    press(page, "#event-screen")
    page.wait_for_url(re.compile(r"/screen$"))
    expect(page.locator("table#leaderboard tbody tr")).to_have_count(7)
    expect(page.locator("header.top")).to_be_hidden()
    expect(page.locator(".big-screen button, .big-screen form")).to_have_count(0)
    shot(page, f"{lang}-6-big-screen")
