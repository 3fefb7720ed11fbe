"""The table's memory through the test client: history and its CSV, a player's record and statistics,
privacy between phones, the rematch, a game's CSV, its chart and the result to share.

The games are picked by need (tests/pick.py), their whole games taken from their samples; what a page then shows
(standings, totals, dealers) is read from the rules. What one game's record says of its own play (its statistics,
worked out by hand) is tested in its folder (tests/games/<module>/test_record.py)."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from scorekeeper import gamefile, rules
from scorekeeper.i18n import number
from tests import pick
from tests.markup import parse
from tests.samples import EIGHT, NAMES, all_fields, enter, expected, first, sample
from tests.samples import start as setup

from .helpers import HX, imported, kept_tables, listed_games, start, text

pytestmark = pytest.mark.two_engines  # each test runs on SQLite and on PostgreSQL


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


def played(document: dict):
    """A game file played through by its rules."""
    return rules.play(gamefile.from_document(document))


def line(document: dict) -> str:
    """A game's sides as history lists them: in the order of the standings, each with its total, the winners
    starred once the game is over."""
    result = played(document)
    return " · ".join(
        f"{'★ ' if side in result.winners else ''}{result.sides[side]} {number(result.totals[side], 'en')}"
        for side in (standing.side for standing in result.standings)
    )


def unlike(*rules_ids: str) -> pick.Need:
    """It is another game than those."""

    def need(bundle) -> bool:
        return bundle.id not in rules_ids

    need.__name__ = f"unlike{rules_ids}"
    return need


def teams(bundle) -> bool:
    """Its whole game for four is played by teams: its sides are not its players."""
    game = sample(bundle.id).full_game(NAMES)
    return played(game).sides != game["players"]


def below_zero(bundle) -> bool:
    """Its sample's whole game has a round scored below 0."""
    return any(score < 0 for r in played(sample(bundle.id).full_game()).rounds for score in r.scores)


def one_winner(bundle) -> bool:
    """Its sample's whole game ends with one winner."""
    return len(expected(sample(bundle.id).full_game())["winners"]) == 1


FIVE = pick.game(pick.players(5))  # its game seats Ana-Lucía as well, the only one that does
PROGRESS = pick.game(pick.players(4), pick.lasting(2), unlike(FIVE))  # its game stops after one round
FINISHED = [sample(b.id).full_game(EIGHT[:5] if b.id == FIVE else NAMES) for b in pick.games(pick.players(4))]
TABLE = [*FINISHED, first(sample(PROGRESS).full_game(NAMES), 1)]
FILTERED = next(k for k, d in enumerate(FINISHED) if d["rules"] not in (FIVE, PROGRESS))  # a game listed once
ANY = pick.game()


@pytest.fixture(scope="module")
def tables(tmp_path_factory, empty_store):
    """On each engine, a phone that imported a finished game of each game four play, oldest first, and one in
    progress (TABLE), and their ids. Made once for the module: the tests that take it only read the history and
    the records (importing the table again cost each of them 0.1 s of CPU)."""
    with kept_tables(empty_store, tmp_path_factory, lambda phone: [game_id(imported(phone, d)) for d in TABLE]) as on:
        yield on


@pytest.fixture
def kept(tables, engine):
    """The phone and the ids of its TABLE (tables), on the test's engine."""
    return tables(engine)


# -- history ------------------------------------------------------------------------------------


def test_history_lists_every_game_newest_first_with_winner_and_totals(kept):
    client, table = kept
    response = client.get("/history")
    assert response.status_code == 200
    assert listed(response) == table[::-1]
    page = text(response)
    for document in TABLE:  # teams too, where a game plays in teams
        assert line(document) in page, document["rules"]


def test_history_filters_by_game_and_by_player_typed_any_case_or_spacing(kept):
    client, table = kept
    filtered = TABLE[FILTERED]["rules"]
    assert listed(client.get(f"/history?game={filtered}")) == [table[FILTERED]]
    # Ana-Lucía sits only in the five-player game
    seated = next(k for k, d in enumerate(TABLE) if "Ana-Lucía" in d["players"])
    assert listed(client.get("/history", query_string={"player": "  ana-lucía "})) == [table[seated]]
    assert listed(client.get("/history", query_string={"player": "ANA-LUCÍA", "game": FIVE})) == [table[seated]]
    assert listed(client.get("/history", query_string={"player": "Ana", "game": filtered})) == []
    assert "No game matches." in text(client.get("/history?player=Nobody", headers=EN))


def test_history_with_htmx_sends_only_the_list(kept):
    client, table = kept
    response = client.get(f"/history?game={TABLE[FILTERED]['rules']}", headers=HX)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "<html" not in html and html.lstrip().startswith('<section class="card" id="history-list"')
    assert listed(response) == [table[FILTERED]]
    assert "HX-Request" in response.headers["Vary"]


def test_history_pages_fifty_games_at_a_time(client):
    for _ in range(52):
        imported(client, sample(ANY).full_game())
    first, second = client.get("/history", headers=EN), client.get("/history?page=2")
    assert len(listed(first)) == 50 and len(listed(second)) == 2
    assert not set(listed(first)) & set(listed(second))
    assert "Page 1 of 2" in text(first)


def test_history_csv_has_one_row_per_game_and_side_with_the_standings(kept):
    client, table = kept
    rows = parsed_csv(client.get("/history.csv"))
    assert rows[0] == ["game", "rules", "date", "finished", "side", "total", "rank", "won"]
    body = rows[1:]
    assert len(body) == sum(len(played(d).sides) for d in TABLE)
    for game, document in zip(table, FINISHED, strict=False):  # where the lowest wins too, tied totals sharing a rank
        result = played(document)
        rank = {standing.side: standing.rank for standing in result.standings}
        want = [
            [result.sides[s], str(t), str(rank[s]), str(int(s in result.winners))] for s, t in enumerate(result.totals)
        ]
        assert sorted(r[4:] for r in body if r[0] == game) == sorted(want), document["rules"]
        assert {(r[1], r[3]) for r in body if r[0] == game} == {(document["rules"], "1")}
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", r[2]) for r in body)
    going = [r for r in body if r[0] == table[-1]]
    assert {r[3] for r in going} == {"0"} and {r[7] for r in going} == {"0"}
    # filtered like the page
    filtered = parsed_csv(client.get(f"/history.csv?game={TABLE[FILTERED]['rules']}"))[1:]
    assert {r[0] for r in filtered} == {table[FILTERED]}


def other_first(bundle) -> bool:
    """Its sample's other first round leaves the sides in another order than its game's first round."""
    module = sample(bundle.id)
    return line(first(module.GAME, 1)) != line({**module.GAME, "rounds": [module.OTHER_FIRST]})


def test_a_correction_is_seen_by_history(client):
    game = sample(pick.game(other_first)).GAME
    url = enter(client, first(game, 1))
    assert line(first(game, 1)) in text(client.get("/history"))
    stored = client.get(url + "/export.json").get_json()
    was = json.dumps(stored["rounds"][0], separators=(",", ":"))
    data = {**all_fields(sample(game["rules"]).posts(sample(game["rules"]).OTHER_FIRST, game)), "was": was}
    assert client.post(url + "/rounds/1", data=data).status_code == 303
    assert line({**game, "rounds": [sample(game["rules"]).OTHER_FIRST]}) in text(client.get("/history"))


# -- a player's record (each game's statistics on it: tests/games/<module>/test_record.py) ---------------


def test_a_players_page_with_htmx_sends_only_the_record(kept):
    client, _ = kept
    response = client.get(f"/players/{NAMES[0]}", headers=HX)
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "<html" not in html and 'id="player-record"' in html


def test_an_unknown_player_is_a_404_that_says_so(kept):
    client, _ = kept
    response = client.get("/players/Nobody", headers={"Accept-Language": "en"})
    assert response.status_code == 404
    assert "No game on this phone has a player named Nobody." in text(response)


# -- privacy ------------------------------------------------------------------------------------


MINE = pick.game(pick.players(4))  # this phone's game, for NAMES
THEIRS = pick.game(pick.players(3), unlike(MINE))  # another phone's, for Anne, Zoë and Bob


def test_a_phone_sees_only_its_own_games_and_players(app, client, other_phone):
    mine = game_id(imported(client, sample(MINE).full_game(NAMES)))
    theirs = game_id(imported(other_phone, sample(THEIRS).full_game(["Anne", "Zoë", "Bob"])))
    assert listed(client.get("/history")) == [mine]
    assert listed(other_phone.get("/history")) == [theirs]
    assert client.get("/players/Anne").status_code == 404
    assert other_phone.get("/players/Łukasz").status_code == 404
    # the same name on two phones is two players: each phone counts its own games
    assert rules.get(MINE).name not in text(other_phone.get("/players/Zoë"))
    assert rules.get(THEIRS).name not in text(client.get("/players/Zoë"))
    assert {r[0] for r in parsed_csv(other_phone.get("/history.csv"))[1:]} == {theirs}
    # a game opened by its watch link becomes one of that phone's games
    other_phone.get(f"/games/{mine}")
    assert set(listed(other_phone.get("/history"))) == {mine, theirs}


def test_the_admin_sees_every_game(app, client, other_phone):
    app.config["ADMIN_PASSWORD"] = "open sesame"
    imported(client, sample(MINE).full_game(NAMES))
    imported(other_phone, sample(THEIRS).full_game(["Anne", "Zoë", "Bob"]))
    assert len(listed(client.get("/history"))) == 1
    client.post("/admin", data={"password": "open sesame"})
    assert len(listed(client.get("/history"))) == 2
    assert client.get("/players/Anne").status_code == 200


# -- rematch ------------------------------------------------------------------------------------


def next_dealer(document: dict, dealer: int) -> int:
    """Who deals after `dealer` in the game of `document`, as its rules pass the deal (clockwise, or to the right)."""
    return played({**first(document, 1), "first_dealer": dealer}).upcoming.dealer


def to_the_right(bundle) -> bool:
    """Its rules pass the deal to the right (seat 0 to the last seat), where most pass it clockwise."""
    game = sample(bundle.id).full_game(NAMES)
    return next_dealer(game, 0) == len(game["players"]) - 1


@pytest.mark.parametrize(
    "needs",
    [(pick.bids_first,), (pick.one_form, unlike(pick.game(to_the_right))), (pick.exact_bids,), (to_the_right,)],
    ids=["bids first", "one form", "exact bids", "dealt to the right"],  # each shape of a round, each way of dealing
)
def test_a_rematch_has_the_same_table_and_the_next_dealer(client, needs):
    document = sample(pick.game(pick.players(4), *needs)).full_game(NAMES)
    dealer = next_dealer(document, 0)
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


def options_set(bundle) -> bool:
    """Its sample game sets an option away from its default and is over."""
    game, r = sample(bundle.id).GAME, rules.get(bundle.id)
    defaults = {option.name: r.option_default(option, game["players"]) for option in r.options}
    return expected(game)["finished"] and any(defaults.get(k) != v for k, v in game.get("options", {}).items())


def test_a_rematch_keeps_options_set_away_from_the_defaults(client):
    game = sample(pick.game(options_set)).GAME
    last = len(game["players"]) - 1
    url = imported(client, {**game, "first_dealer": last})
    new = client.post(url + "/rematch").headers["Location"]
    fresh = client.get(new + "/export.json").get_json()
    assert {k: fresh["options"][k] for k in game["options"]} == game["options"]
    assert fresh["first_dealer"] == next_dealer(game, last)  # from the last seat, the deal passed on


def test_a_game_in_progress_has_no_rematch(client):
    url = imported(client, TABLE[-1])  # in progress
    assert 'id="rematch"' not in client.get(url).get_data(as_text=True)
    assert client.post(url + "/rematch").status_code == 409


def test_a_rematch_through_htmx_is_told_where_to_go(client):
    url = imported(client, sample(ANY).full_game())
    response = client.post(url + "/rematch", headers=HX)
    assert response.status_code == 200
    assert response.headers["HX-Redirect"].startswith("/games/")


# -- a game's CSV and chart ---------------------------------------------------------------------


SHAPES = [(pick.bids_first,), (teams,), (pick.one_form, below_zero)]  # a round's shapes, sides of teams, scores below 0


@pytest.mark.parametrize("needs", SHAPES, ids=["bids first", "teams", "one form, below 0"])
def test_a_games_csv_has_each_round_and_the_totals(client, needs):
    document = sample(pick.game(pick.players(4), *needs)).full_game(NAMES)
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
        start(client, THEIRS, TRICKY[k : k + 3] + ["Bob", "Carl", "Dan"][: 3 - len(TRICKY[k : k + 3])])
    url = imported(client, sample(pick.game(below_zero)).full_game())  # a round scored below 0: numbers stay numbers
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
    ids = [game_id(imported(client, sample(ANY).full_game())) for _ in range(12)]  # some ids start with - or _
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
    "needs", [*SHAPES, (pick.exact_bids,)], ids=["bids first", "teams", "one form, below 0", "exact bids"]
)
def test_the_charts_lines_follow_the_running_totals(client, needs):
    document = sample(pick.game(pick.players(4), *needs)).full_game(NAMES)
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
    document = sample(ANY).full_game()
    url = imported(client, document)
    chart = parse(client.get(url).get_data()).first("svg", class_="score-chart")
    series = [
        (line.first("polyline", class_="line").attrs["points"], line.first("path", class_="dots").attrs["d"])
        for line in chart.all("g", class_="series")
    ]
    assert len(series) == len(played(document).sides)
    for points, dots in series:  # a zero-length stroke (round caps, memory.css) at each point of the line
        assert re.findall(r"M([\d.]+) ([\d.]+)h0", dots) == [tuple(p.split(",")) for p in points.split()]


def test_the_chart_names_each_line_with_its_total_and_has_a_text_alternative(client):
    document = sample(pick.game(pick.solo, pick.players(4))).full_game(NAMES)  # names short enough to be shown whole
    result = played(document)
    url = imported(client, document)
    html = client.get(url, headers={"Accept-Language": "en"}).get_data(as_text=True)
    ends = [
        (str(end.children[0]).strip(), end.first("tspan", class_="total").text())
        for end in parse(html).all("text", class_="end")
    ]
    said = [(side, number(total, "en")) for side, total in zip(result.sides, result.totals, strict=True)]
    assert sorted(ends) == sorted(said)
    assert 'role="img"' in html
    rounds = len(result.rounds)
    assert f"After {rounds} rounds: {', '.join(f'{side} {total}' for side, total in said)}." in html


def test_the_chart_follows_the_board_on_a_watching_phone(client, other_phone):
    game = sample(ANY).GAME
    url = setup(client, game)
    assert "score-chart" not in client.get(url).get_data(as_text=True)  # nothing to draw yet
    enter(client, first(game, 1), url=url)
    poll = other_phone.get(url + "/poll?version=0", headers=HX)
    assert 'class="score-chart"' in poll.get_data(as_text=True)


# -- sharing the result -------------------------------------------------------------------------


def test_a_finished_game_offers_its_result_to_share_in_the_pages_language(client):
    document = sample(pick.game(one_winner)).full_game()
    result = played(document)
    (winner,) = result.winner_names()
    url = imported(client, document)
    html = client.get(url, headers={"Accept-Language": "en"}).get_data(as_text=True)
    link = parse(html).first("a", id="share-result").attrs
    standings = line(document).replace("★ ", "")
    name, rounds = rules.get(document["rules"]).name, len(result.rounds)
    assert link["data-share-text"] == f"{name}: {winner} won.\n{standings}\n{rounds} rounds."
    assert link["data-share-url"] == f"http://localhost{url}"
    assert link["href"].startswith("mailto:?subject=")  # without JavaScript, a mail to send
    client.get("/lang/fr")
    french = client.get(url)
    shared = parse(french.get_data()).first("a", id="share-result").attrs["data-share-text"]
    assert f"{winner} a gagné." in shared and f"{rounds} manches." in shared and "Partager le résultat" in text(french)


def test_a_game_in_progress_has_nothing_to_share_yet(client):
    url = imported(client, TABLE[-1])  # in progress
    assert 'id="share-result"' not in client.get(url).get_data(as_text=True)
