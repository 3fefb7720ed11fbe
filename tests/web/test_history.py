"""The table's memory through the test client: history and its CSV, a player's record and statistics,
privacy between phones, the rematch, a game's CSV, its chart and the result to share."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from scorekeeper import gamefile, rules
from tests.markup import parse
from tests.samples import sample
from tests.sheets import samples

from .helpers import HX, listed_games, post_round, seats, start, terms, text

pytestmark = pytest.mark.two_engines  # each test runs on SQLite and on PostgreSQL


def imported(client, document) -> str:
    """Import a game file on this phone; return the game's URL."""
    response = client.post("/games/import", data=json.dumps(document), content_type="application/json")
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"]


EN = {"Accept-Language": "en"}


def game_id(url: str) -> str:
    return url.rsplit("/", 1)[-1]


def parsed_csv(response) -> list[list[str]]:
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    return list(csv.reader(io.StringIO(response.get_data(as_text=True))))


def listed(response) -> list[str]:
    """The game ids a history page lists, top to bottom."""
    return listed_games(response.get_data())


@pytest.fixture
def table(client):
    """Five finished games of this phone, one of each game, oldest first; and one in progress."""
    documents = [
        sample("tout-ou-rien").full_game(),
        sample("all-or-nothing").full_game(),
        sample("everest-abyss").showdown(),
        sample("all-fours").full_game(),
        sample("inferno").full_game(),
        sample("all-fours").alone(),
    ]
    return [game_id(imported(client, d)) for d in documents]


# -- history ------------------------------------------------------------------------------------


def test_history_lists_every_game_newest_first_with_winner_and_totals(client, table):
    response = client.get("/history")
    assert response.status_code == 200
    assert listed(response) == table[::-1]
    page = text(response)
    assert "★ Łukasz 30 · François 22 · Őrs 20 · Zoë 17" in page  # Tout ou rien, in the order of the standings
    assert "★ Łukasz & François 7 · Zoë & Őrs 5" in page  # All Fours in teams


def test_history_filters_by_game_and_by_player_typed_any_case_or_spacing(client, table):
    assert listed(client.get("/history?game=inferno")) == [table[4]]
    # Ana-Lucía sits only in the six-player ALL or NOTHING game
    assert listed(client.get("/history", query_string={"player": "  ana-lucía "})) == [table[1]]
    assert listed(client.get("/history", query_string={"player": "ANA-LUCÍA", "game": "all-or-nothing"})) == [table[1]]
    assert listed(client.get("/history", query_string={"player": "Ana", "game": "inferno"})) == []
    assert "No game matches." in text(client.get("/history?player=Nobody", headers=EN))


def test_history_with_htmx_sends_only_the_list(client, table):
    response = client.get("/history?game=inferno", headers=HX)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "<html" not in html and html.lstrip().startswith('<section class="card" id="history-list"')
    assert listed(response) == [table[4]]
    assert "HX-Request" in response.headers["Vary"]


def test_history_pages_fifty_games_at_a_time(client):
    for _ in range(52):
        imported(client, sample("inferno").full_game())
    first, second = client.get("/history", headers=EN), client.get("/history?page=2")
    assert len(listed(first)) == 50 and len(listed(second)) == 2
    assert not set(listed(first)) & set(listed(second))
    assert "Page 1 of 2" in text(first)


def test_history_csv_has_one_row_per_game_and_side_with_the_standings(client, table):
    rows = parsed_csv(client.get("/history.csv"))
    assert rows[0] == ["game", "rules", "date", "finished", "side", "total", "rank", "won"]
    body = rows[1:]
    assert len(body) == 4 + 6 + 3 + 2 + 4 + 3
    tout = {r[4]: r for r in body if r[0] == table[0]}
    assert tout["Łukasz"][5:] == ["30", "1", "1"] and tout["Zoë"][5:] == ["17", "4", "0"]
    assert tout["Zoë"][1:4:2] == ["tout-ou-rien", "1"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", tout["Zoë"][2])
    going = [r for r in body if r[0] == table[5]]
    assert {r[3] for r in going} == {"0"} and {r[7] for r in going} == {"0"}
    # ALL or NOTHING: the lowest wins, and tied totals share a rank
    aon = sorted((int(r[5]), int(r[6])) for r in body if r[0] == table[1])
    assert aon == [(170, 1), (200, 2), (200, 2), (230, 4), (230, 4), (270, 6)]
    # filtered like the page
    assert {r[0] for r in parsed_csv(client.get("/history.csv?game=inferno"))[1:]} == {table[4]}


def test_a_correction_is_seen_by_history(client):
    url = start(client, "inferno", ["Anne", "Bob", "Carl"], rounds=1)
    red = {f"red.{s}.{v}": 0 for s in range(3) for v in range(1, 6)}
    post_round(client, url, 1, "round", {**red, **seats("other", [3, 5, 9])})
    assert "★ Anne 3 · Bob 5 · Carl 9" in text(client.get("/history"))
    stored = client.get(url + "/export.json").get_json()
    was = json.dumps(stored["rounds"][0], separators=(",", ":"))
    data = {**{k: str(v) for k, v in red.items()}, **seats("other", ["9", "5", "3"]), "was": was}
    assert client.post(url + "/rounds/1", data=data).status_code == 303
    assert "★ Carl 3 · Bob 5 · Anne 9" in text(client.get("/history"))


# -- a player's record --------------------------------------------------------------------------


def test_a_players_record_against_the_games_themselves(client):
    documents = [sample("tout-ou-rien").full_game(), sample("tout-ou-rien").full_game(hands=[3, 4, 5])]
    for d in documents:
        imported(client, d)
    played = [rules.play(gamefile.from_document(d)) for d in documents]
    seat = 0  # Zoë
    totals = [r.totals[seat] for r in played]
    ranks = [1 + sum(t > r.totals[seat] for t in r.totals) for r in played]
    opens = [
        (b == t)
        for d in documents
        for rnd in d["rounds"]
        for b, o, t in [(rnd["bids"][seat], rnd["open"][seat], rnd["tricks"][seat])]
        if o
    ]
    secrets = [
        (b == t)
        for d in documents
        for rnd in d["rounds"]
        for b, o, t in [(rnd["bids"][seat], rnd["open"][seat], rnd["tricks"][seat])]
        if not o
    ]
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


def statistics_of(client, name: str, rules_id: str) -> dict:
    """A game's statistics on a player's record, by their data-stat name, as the record writes them."""
    page = parse(client.get(f"/players/{name}", headers={"Accept-Language": "en"}).get_data())
    record = page.first(id=f"record-{rules_id}")
    return {stat.attrs["data-stat"]: stat.first("dd").text() for stat in record.all() if "data-stat" in stat.attrs}


def test_each_game_says_what_its_statistics_are(client):
    imported(client, sample("all-or-nothing").full_game())
    imported(client, sample("everest-abyss").showdown())
    imported(client, sample("all-fours").full_game())
    imported(client, sample("inferno").full_game())
    # ALL or NOTHING, Zoë: ALL bid twice, never made; one NOTHING bid of eight made
    assert statistics_of(client, "Zoë", "all-or-nothing") == {
        "made": "1 of 10 (10%)",
        "all_made": "0 of 2 (0%)",
        "nothing_made": "1 of 8 (12%)",  # 12.5, rounded to even,
    }
    # Everest & Abyss: Őrs won round 2 by Big Boss (tied 12 and 12, bet first) and was out in round 5
    assert statistics_of(client, "Őrs", "everest-abyss") == {
        "survived": "4",
        "won": "1",
        "big_boss": "1",
        "biggest_pot": "5",
    }
    assert statistics_of(client, "Zoë", "everest-abyss")["biggest_pot"] == "27"
    # All Fours in teams: Zoë & Őrs took High twice and Jack once, and reneged once
    af = statistics_of(client, "Őrs", "all-fours")
    assert af == {"high": "2", "low": "0", "jack": "1", "game": "0", "reneges": "1"}
    assert statistics_of(client, "Łukasz", "all-fours") == {
        "high": "1",
        "low": "3",
        "jack": "0",
        "game": "2",
        "reneges": "0",
    }
    # Inferno: red points over the four rounds
    played = rules.play(gamefile.from_document(sample("inferno").full_game()))
    zoe = sum(r.marks["red_points"][0] for r in played.rounds) / len(played.rounds)
    assert statistics_of(client, "Zoë", "inferno") == {"red": f"{zoe:.1f}".removesuffix(".0")}


def test_a_players_page_with_htmx_sends_only_the_record(client, table):
    response = client.get("/players/Zo%C3%AB", headers=HX)
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "<html" not in html and 'id="player-record"' in html


def test_an_unknown_player_is_a_404_that_says_so(client, table):
    response = client.get("/players/Nobody", headers={"Accept-Language": "en"})
    assert response.status_code == 404
    assert "No game on this phone has a player named Nobody." in text(response)


# -- privacy ------------------------------------------------------------------------------------


def test_a_phone_sees_only_its_own_games_and_players(app, client, other_phone):
    mine = game_id(imported(client, sample("tout-ou-rien").full_game()))
    theirs = game_id(imported(other_phone, sample("inferno").full_game(["Anne", "Zoë", "Bob"])))
    assert listed(client.get("/history")) == [mine]
    assert listed(other_phone.get("/history")) == [theirs]
    assert client.get("/players/Anne").status_code == 404
    assert other_phone.get("/players/Łukasz").status_code == 404
    # the same name on two phones is two players: each phone counts its own games
    assert "Tout ou rien" not in text(other_phone.get("/players/Zoë"))
    assert "Inferno" not in text(client.get("/players/Zoë"))
    assert {r[0] for r in parsed_csv(other_phone.get("/history.csv"))[1:]} == {theirs}
    # a game opened by its watch link becomes one of that phone's games
    other_phone.get(f"/games/{mine}")
    assert set(listed(other_phone.get("/history"))) == {mine, theirs}


def test_the_admin_sees_every_game(app, client, other_phone):
    app.config["ADMIN_PASSWORD"] = "open sesame"
    imported(client, sample("tout-ou-rien").full_game())
    imported(other_phone, sample("inferno").full_game(["Anne", "Zoë", "Bob"]))
    assert len(listed(client.get("/history"))) == 1
    client.post("/admin", data={"password": "open sesame"})
    assert len(listed(client.get("/history"))) == 2
    assert client.get("/players/Anne").status_code == 200


# -- rematch ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("document", "dealer"),
    [
        (sample("tout-ou-rien").full_game(), 1),  # clockwise from seat 0
        (sample("everest-abyss").showdown(), 1),
        (sample("inferno").full_game(), 1),
        (sample("all-fours").full_game(), 3),  # All Fours passes the deal to the right
    ],
)
def test_a_rematch_has_the_same_table_and_the_next_dealer(client, document, dealer):
    url = imported(client, document)
    page = client.get(url).get_data(as_text=True)
    assert '<form id="rematch" method="post"' in page
    response = client.post(url + "/rematch")
    assert response.status_code == 303
    new = response.headers["Location"]
    assert new != url and new.startswith("/games/")
    old, fresh = client.get(url + "/export.json").get_json(), client.get(new + "/export.json").get_json()
    assert fresh["players"] == old["players"]
    assert fresh["options"] == old["options"]
    assert fresh["first_dealer"] == dealer
    assert fresh["rounds"] == []
    # the new game is this phone's, to score
    assert "round-entry" in client.get(new).get_data(as_text=True)


def test_a_rematch_keeps_options_set_away_from_the_defaults(client):
    document = samples.document("tout-ou-rien", ["Anne", "Bob", "Carl"], [], hands=[1], target=None)
    document["first_dealer"] = 2
    document["rounds"] = [{"bids": [1, 0, 0], "open": [True, False, False], "tricks": [1, 0, 0]}]
    url = imported(client, document)
    new = client.post(url + "/rematch").headers["Location"]
    fresh = client.get(new + "/export.json").get_json()
    assert fresh["options"]["hands"] == [1] and fresh["first_dealer"] == 0  # seat 2, then clockwise to seat 0


def test_a_game_in_progress_has_no_rematch(client):
    url = imported(client, sample("all-fours").alone())
    assert 'id="rematch"' not in client.get(url).get_data(as_text=True)
    assert client.post(url + "/rematch").status_code == 409


def test_a_rematch_through_htmx_is_told_where_to_go(client):
    url = imported(client, sample("inferno").full_game())
    response = client.post(url + "/rematch", headers=HX)
    assert response.status_code == 200
    assert response.headers["HX-Redirect"].startswith("/games/")


# -- a game's CSV and chart ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "document",
    [sample("tout-ou-rien").full_game(), sample("all-fours").full_game(), sample("everest-abyss").showdown()],
)
def test_a_games_csv_has_each_round_and_the_totals(client, document):
    url = imported(client, document)
    rows = parsed_csv(client.get(url + "/export.csv"))
    played = rules.play(gamefile.from_document(document))
    assert rows[0] == ["round", "dealer", *played.sides]
    assert len(rows) == len(document["rounds"]) + 2
    for row, r in zip(rows[1:-1], played.rounds, strict=True):
        assert row[0] == str(r.number) and row[1] == document["players"][r.dealer]
        assert [int(v) for v in row[2:]] == r.scores
    assert rows[-1][:2] == ["total", ""]
    assert [int(v) for v in rows[-1][2:]] == played.totals


TRICKY = [
    "=SUM(A1)",
    "a;=1+1;",  # one cell for a "," reader, three for a ";" one
    "+33 6 12",
    "@home",
    "-2",
    "\u00a0=1+1",  # a no-break space first
    "\u200b=HYPERLINK(1)",  # a zero-width space
    "\ufeff+1",  # a byte order mark
    "x, \u2060 @y",
    "\uff1d1+1",  # a full-width equals sign
    'a;"=1"',
]
NUMBER = re.compile(r"-?\d+")
UNSEEN = '\u00a0\u200b\u2060\ufeff "\t'


def formulas(text: str, separator: str) -> list[str]:
    """The cells of a CSV, read with `separator`, that start a formula once spaces, quotes and invisible
    characters are skipped (a number such as -9 is a number)."""
    cells = [c for row in csv.reader(io.StringIO(text), delimiter=separator) for c in row]
    return [c for c in cells if c.lstrip(UNSEEN)[:1] in ("=", "+", "-", "@", "\uff1d") and not NUMBER.fullmatch(c)]


@pytest.mark.parametrize("separator", [",", ";"])
def test_a_csv_never_hands_a_spreadsheet_a_formula(client, separator):
    for k in range(0, len(TRICKY), 3):
        start(client, "inferno", TRICKY[k : k + 3] + ["Bob", "Carl", "Dan"][: 3 - len(TRICKY[k : k + 3])])
    url = imported(client, sample("everest-abyss").showdown())  # a round scored below 0: numbers stay numbers
    for path in ("/history.csv", url + "/export.csv", *(u + "/export.csv" for u in client_games(client))):
        text_ = client.get(path).get_data(as_text=True)
        assert formulas(text_, separator) == [], path
    rows = parsed_csv(client.get(url + "/export.csv"))
    assert any(int(v) < 0 for row in rows[1:] for v in row[2:])  # "-20" stays a number, not "'-20"
    names = {r[4] for r in parsed_csv(client.get("/history.csv"))[1:]}
    assert {"'=SUM(A1)", "a;'=1+1;", "\u200b'=HYPERLINK(1)", "x, \u2060 '@y", "'-2"} <= names


def client_games(client) -> list[str]:
    """The game pages this phone's home page links to."""
    links = [a.attrs.get("href", "") for a in parse(client.get("/").get_data()).all("a")]
    return sorted({link for link in links if re.fullmatch(r"/games/[\w-]+", link)})


def test_the_history_csv_gives_each_game_id_as_it_is(client):
    ids = [game_id(imported(client, sample("inferno").full_game())) for _ in range(12)]  # some ids start with - or _
    assert sorted({r[0] for r in parsed_csv(client.get("/history.csv"))[1:]}) == sorted(ids)


def chart_values(html: str) -> list[list[float]]:
    """Each line of the chart read back into values, through the axis's own labelled grid lines."""
    chart = parse(html).first("svg", class_="score-chart")
    grid = [float(line.attrs["y1"]) for line in chart.all("line", class_="grid")]
    labels = [
        float(tick.text().replace("−", "-").replace("\u202f", "").replace(",", ""))
        for tick in chart.all("text", class_="tick", text_anchor="end")
    ]
    (y0, v0), (y1, v1) = (grid[0], labels[0]), (grid[-1], labels[-1])
    lines = [line.attrs["points"] for line in chart.all("polyline", class_="line")]
    return [[v0 + (float(p.split(",")[1]) - y0) * (v1 - v0) / (y1 - y0) for p in line.split()] for line in lines]


@pytest.mark.parametrize(
    "document",
    [
        sample("tout-ou-rien").full_game(),
        sample("all-or-nothing").full_game(),
        sample("everest-abyss").showdown(),
        sample("all-fours").full_game(),
    ],
)
def test_the_charts_lines_follow_the_running_totals(client, document):
    url = imported(client, document)
    played = rules.play(gamefile.from_document(document))
    start_totals = rules.get(document["rules"]).start(gamefile.from_document({**document, "rounds": []})).totals
    lines = chart_values(client.get(url, headers={"Accept-Language": "en"}).get_data(as_text=True))
    assert len(lines) == len(played.sides)
    for side, line in enumerate(lines):
        want = [start_totals[side]] + [r.totals[side] for r in played.rounds]
        assert [round(v) for v in line] == want
        assert all(abs(v - w) < 0.2 for v, w in zip(line, want, strict=True))


def test_the_chart_marks_each_rounds_total_with_a_dot_on_its_line(client):
    url = imported(client, sample("tout-ou-rien").full_game())
    chart = parse(client.get(url).get_data()).first("svg", class_="score-chart")
    series = [
        (line.first("polyline", class_="line").attrs["points"], line.first("path", class_="dots").attrs["d"])
        for line in chart.all("g", class_="series")
    ]
    assert len(series) == 4
    for points, dots in series:  # a zero-length stroke (round caps, memory.css) at each point of the line
        assert re.findall(r"M([\d.]+) ([\d.]+)h0", dots) == [tuple(p.split(",")) for p in points.split()]


def test_the_chart_names_each_line_with_its_total_and_has_a_text_alternative(client):
    url = imported(client, sample("tout-ou-rien").full_game())
    html = client.get(url, headers={"Accept-Language": "en"}).get_data(as_text=True)
    ends = [
        (str(end.children[0]).strip(), end.first("tspan", class_="total").text())
        for end in parse(html).all("text", class_="end")
    ]
    assert sorted(ends) == sorted([("Zoë", "17"), ("Łukasz", "30"), ("Őrs", "20"), ("François", "22")])
    assert 'role="img"' in html
    assert "After 7 rounds: Zoë 17, Łukasz 30, Őrs 20, François 22." in html


def test_the_chart_follows_the_board_on_a_watching_phone(client, other_phone):
    url = start(client, "inferno", ["Anne", "Bob", "Carl"])
    assert "score-chart" not in client.get(url).get_data(as_text=True)  # nothing to draw yet
    red = {f"red.{s}.{v}": 0 for s in range(3) for v in range(1, 6)}
    post_round(client, url, 1, "round", {**red, **seats("other", [3, 5, 9])})
    poll = other_phone.get(url + "/poll?version=0", headers=HX)
    assert 'class="score-chart"' in poll.get_data(as_text=True)


# -- sharing the result -------------------------------------------------------------------------


def test_a_finished_game_offers_its_result_to_share_in_the_pages_language(client):
    url = imported(client, sample("tout-ou-rien").full_game())
    html = client.get(url, headers={"Accept-Language": "en"}).get_data(as_text=True)
    link = parse(html).first("a", id="share-result").attrs
    assert link["data-share-text"] == "Tout ou rien: Łukasz won.\nŁukasz 30 · François 22 · Őrs 20 · Zoë 17\n7 rounds."
    assert link["data-share-url"] == f"http://localhost{url}"
    assert link["href"].startswith("mailto:?subject=")  # without JavaScript, a mail to send
    client.get("/lang/fr")
    french = client.get(url).get_data(as_text=True)
    assert "Łukasz a gagné." in french and "7 manches." in french and "Partager le résultat" in french


def test_a_game_in_progress_has_nothing_to_share_yet(client):
    url = imported(client, sample("all-fours").alone())
    assert 'id="share-result"' not in client.get(url).get_data(as_text=True)
