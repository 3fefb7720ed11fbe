"""Several phones at one table: the watch and score links, who may change what, the poll a watching
phone asks, the safety headers and cross-site refusals, and two phones racing.

The table plays any game whose rounds start with the bids, three players (shared_table.py); what a test checks is
read from that game's rules and sample."""

import http.client
import io
import json
import threading
import time
from urllib.parse import urlencode, urlsplit

import pytest
from pypdf import PdfReader

from scorekeeper import gamefile, rules
from tests import pick
from tests.markup import parse
from tests.samples import all_fields, enter, first, normalised, sample
from tests.samples import start as setup

from .helpers import HX, kept_phone, links, post_round, stored, text, totals, undo
from .shared_table import EN, GAME, NEW, P3, bids, moved, play_round, round_of, score_link, tricks


@pytest.fixture
def url(client):
    """The game started on `client`, with round 1 played and round 2's bids in."""
    url = enter(client, first(GAME, 1))
    assert bids(client, url, 2).status_code == 303
    return url


@pytest.fixture
def watcher(other_phone, url):
    """A second phone that opened the watch link."""
    assert other_phone.get(url).status_code == 200
    return other_phone


@pytest.fixture(scope="module")
def kept(tmp_path_factory, empty_store):
    """The scorer, its game as `url`'s and a watcher as `watcher`, made once for the tests that only read them
    or are refused (which each checks): playing their round 1 again cost each of them half its CPU."""
    with kept_phone(empty_store, tmp_path_factory.mktemp("kept")) as client:
        game, other = enter(client, first(GAME, 1)), client.application.test_client()
        assert bids(client, game, 2).status_code == 303 and other.get(game).status_code == 200
        yield client, other, game


# -- who may change what ----------------------------------------------------------------------------


def write_attempts(client, url):
    """Every write a phone can send, each one valid for a phone that may score."""
    edit = client.get(f"{url}/rounds/1/edit")
    was = json.dumps(round_of(1))
    if edit.status_code == 200:
        was = parse(edit.get_data()).value("was")
    correction = {**all_fields(sample(GAME["rules"]).posts(moved(GAME["rounds"][0]), GAME)), "was": was}
    return {
        "correction form": lambda h: client.get(f"{url}/rounds/1/edit", headers=h),
        "finish a round": lambda h: tricks(client, url, 2, h),
        "save a draft": lambda h: bids(client, url, 2, h),
        "correct a round": lambda h: client.post(f"{url}/rounds/1", data=correction, headers=h),
        "undo": lambda h: client.post(f"{url}/rounds/1/undo", headers=h),
        "delete (ask)": lambda h: client.get(f"{url}/delete", headers=h),
        "delete": lambda h: client.post(f"{url}/delete", headers=h),
        "replace the score link": lambda h: client.post(f"{url}/score-link", headers=h),
    }


@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
def test_a_watch_link_changes_nothing(app, client, watcher, url, headers):
    before = stored(app, url)
    for what, attempt in write_attempts(watcher, url).items():
        response = attempt({**headers, **EN})
        assert response.status_code == 403, what
        assert "watch this game, not change it" in text(response), what
    after = stored(app, url)
    assert (after.version, after.game.rounds, after.draft, after.score_token) == (
        before.version,
        before.game.rounds,
        before.draft,
        before.score_token,
    )
    assert totals(client.get(url)) == totals(watcher.get(url))


def test_the_same_writes_work_for_the_scorer(app, client, url):
    """The refusals above are about the link, not the requests: the owner's phone may send each of them."""
    attempts = write_attempts(client, url)
    assert attempts["correction form"]({}).status_code == 200
    assert attempts["save a draft"]({}).status_code == 303
    assert attempts["finish a round"]({}).status_code == 303
    assert len(stored(app, url).game.rounds) == 2
    assert attempts["correct a round"]({}).status_code == 303
    assert stored(app, url).game.rounds[0]["tricks"] == moved(round_of(1))["tricks"]
    assert undo(client, url, 2).status_code == 303
    assert attempts["replace the score link"]({}).status_code == 303
    assert attempts["delete"]({}).status_code == 303
    assert client.get(url).status_code == 404


def test_a_watcher_sees_no_controls(kept):
    _, watcher, url = kept
    html = watcher.get(url, headers=EN).get_data(as_text=True)
    assert 'id="round-entry"' not in html and "/undo" not in html and "/edit" not in html
    assert 'id="watch-link"' in html and 'id="score-link"' not in html and "/score/" not in html
    assert 'id="poll"' in html
    assert "You are watching" in text(watcher.get(url, headers=EN))


def test_the_score_link_lets_a_second_phone_score(app, client, other_phone, url):
    link = score_link(client, url)
    response = other_phone.get(link)
    assert response.status_code == 303 and response.headers["Location"] == url
    assert response.headers["Cache-Control"] == "no-store"
    assert tricks(other_phone, url, 2).status_code == 303
    assert len(stored(app, url).game.rounds) == 2
    assert 'id="score-link"' in other_phone.get(url).get_data(as_text=True)


def test_a_replaced_score_link_only_lets_that_phone_watch(app, client, other_phone, url):
    old = score_link(client, url)
    other_phone.get(old)
    response = client.post(f"{url}/score-link", headers=EN)
    assert response.status_code == 303 and response.headers["Location"].startswith(f"{url}?link=new")
    assert "The score link was replaced" in text(client.get(response.headers["Location"], headers=EN))
    new = score_link(client, url)
    assert new != old and new.startswith(f"{url}/score/")
    assert tricks(other_phone, url, 2).status_code == 403
    refused = other_phone.get(old, headers=EN)
    assert refused.status_code == 403 and "This score link was replaced" in text(refused)
    assert other_phone.get(new).status_code == 303
    assert tricks(other_phone, url, 2).status_code == 303


def test_the_owner_replaces_the_link_in_place_and_keeps_scoring(client, other_phone, url):
    other_phone.get(score_link(client, url))
    response = client.post(f"{url}/score-link", headers={**HX, **EN})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<section id="share"') and "The score link was replaced" in html
    assert tricks(other_phone, url, 2).status_code == 403  # joined with the old link: watches now
    assert tricks(client, url, 2).status_code == 303  # the owner needs no link


@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_score_link_enters_rounds_but_cannot_delete_the_game_or_replace_the_link(
    app, client, other_phone, url, headers, lang
):
    other_phone.get(score_link(client, url))
    before = stored(app, url)
    said = {
        "fr": "Seul le téléphone qui a commencé cette partie",
        "en": "Only the phone that started this game (or the admin) can rename its players, delete it or replace its",
    }[lang]
    for response in (
        other_phone.get(f"{url}/delete", headers={**headers, "Accept-Language": lang}),
        other_phone.post(f"{url}/delete", headers={**headers, "Accept-Language": lang}),
        other_phone.post(f"{url}/score-link", headers={**headers, "Accept-Language": lang}),
    ):
        assert response.status_code == 403
        assert said in text(response)
    after = stored(app, url)
    assert (after.version, after.score_token, after.game.rounds) == (
        before.version,
        before.score_token,
        before.game.rounds,
    )
    page = other_phone.get(url, headers=EN).get_data(as_text=True)
    assert "Replace the score link" not in page and "Delete this game" not in page
    assert "Replace the score link" in client.get(url, headers=EN).get_data(as_text=True)
    assert tricks(other_phone, url, 2).status_code == 303  # entering rounds stays with the link
    assert undo(other_phone, url, 2).status_code == 303  # and so does undoing them


def test_the_owner_opening_the_score_link_stays_owner(app, client, url):
    client.get(score_link(client, url))
    client.post(f"{url}/score-link")
    assert bids(client, url, 2).status_code == 303


def test_a_made_up_score_token_is_refused(client, other_phone, url):
    assert other_phone.get(f"{url}/score/{'x' * 16}").status_code == 403
    assert tricks(other_phone, url, 2).status_code == 403


@pytest.mark.parametrize(
    "path",
    [
        "/games/{}",
        "/games/{}/poll?version=1",
        "/games/{}/export.json",
        "/games/{}/score/abc",
        "/games/{}/rounds/1/edit",
    ],
)
def test_an_unknown_game_is_404(client, path):
    response = client.get(path.format("nosuchgame000000"))
    assert response.status_code == 404


@pytest.mark.parametrize(
    "path", ["/games/{}/rounds", "/games/{}/rounds/1/undo", "/games/{}/score-link", "/games/{}/delete"]
)
def test_a_write_to_an_unknown_game_is_404(client, path):
    assert client.post(path.format("nosuchgame000000"), data={"number": "1"}).status_code == 404


def test_the_score_link_of_a_game_is_no_key_to_another(client, url):
    other = setup(client, {**GAME, "first_dealer": 1})
    token = score_link(client, url).rsplit("/", 1)[-1]
    phone = client.application.test_client()
    assert phone.get(f"{other}/score/{token}").status_code == 403


# -- the home page ------------------------------------------------------------------------------------


def test_home_lists_only_this_phones_games(client, other_phone, url):
    assert url in client.get("/").get_data(as_text=True)
    assert url not in other_phone.get("/").get_data(as_text=True)
    other_phone.get(url)
    assert url in other_phone.get("/").get_data(as_text=True)


# -- the share panel ------------------------------------------------------------------------------


def test_the_links_use_the_public_address_when_one_is_set(app, client, url):
    app.config["PUBLIC_URL"] = "http://192.168.1.20:8000/"
    assert links(client, url)["watch-link"] == f"http://192.168.1.20:8000{url}"
    assert "this computer's own address" not in text(client.get(url, headers=EN))


# -- following the game ------------------------------------------------------------------------------


def version(app, url) -> int:
    return stored(app, url).version


def test_the_poll_answers_nothing_new_cheaply(kept):
    client, watcher, url = kept
    response = watcher.get(f"{url}/poll?version={version(client.application, url)}", headers=HX)
    assert response.status_code == 204 and response.get_data() == b""


def test_the_poll_brings_the_new_round_totals_and_deal(app, client, watcher, url):
    seen = version(app, url)
    assert tricks(client, url, 2).status_code == 303
    response = watcher.get(f"{url}/poll?version={seen}", headers={**HX, **EN})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    answer = parse(html)
    for block in ("scoreboard", "flash", "round-form"):
        assert answer.first(id=block).attrs.get("hx-swap-oob") in ("replace", "innerHTML"), block
    assert 'id="round-2"' in html
    assert totals(response) == totals(client.get(url))
    dealer = rules.play(gamefile.from_document(first(GAME, 2))).upcoming.dealer
    assert "Round 3" in text(response) and f"{P3[dealer]} deals" in text(response)
    assert f"version={version(app, url)}" in html  # the next poll asks from here


def test_the_watchers_of_a_table_get_one_board_drawn_once_per_version_and_language(
    app, client, watcher, url, monkeypatch
):
    """A save wakes a table's watching phones together: the board is drawn for the first, the same answer
    goes to the others (in their language), and the next change is drawn anew."""
    from scorekeeper.views import polls

    draw = polls.render_game
    drawn = []
    monkeypatch.setattr(polls, "render_game", lambda *a, **k: drawn.append(a[0].version) or draw(*a, **k))
    third = app.test_client()
    assert third.get(url).status_code == 200  # another phone watching the same table
    seen = version(app, url)
    assert tricks(client, url, 2).status_code == 303
    drawn.clear()
    first = watcher.get(f"{url}/poll?version={seen}", headers={**HX, **EN})
    second = third.get(f"{url}/poll?version={seen}", headers={**HX, **EN})
    assert first.status_code == second.status_code == 200 and 'id="round-2"' in first.get_data(as_text=True)
    assert second.get_data() == first.get_data() and len(drawn) == 1
    french = third.get(f"{url}/poll?version={seen}", headers={**HX, "Accept-Language": "fr"})
    assert "Manche 3" in text(french) and len(drawn) == 2
    seen = version(app, url)
    play_round(client, url, 3)
    after = watcher.get(f"{url}/poll?version={seen}", headers={**HX, **EN})
    assert 'id="round-3"' in after.get_data(as_text=True) and totals(after) == totals(client.get(url, headers=EN))


def test_a_finished_game_is_still_followed_and_a_correction_reaches_the_watchers(app, client, watcher, url):
    assert tricks(client, url, 2).status_code == 303
    last = len(GAME["rounds"])
    for number in range(3, last + 1):
        play_round(client, url, number)
    first = watcher.get(url, headers=EN)
    page, before = first.get_data(as_text=True), totals(first)
    assert 'id="poll"' in page and "Winner" in page
    slower = app.config["POLL_SECONDS"] * 10  # without JavaScript the page reloads itself, slower once finished
    assert f'<noscript><meta http-equiv="refresh" content="{slower}"></noscript>' in page
    seen = version(app, url)
    was = stored(app, url).game.rounds[-1]
    fields = {**all_fields(sample(GAME["rules"]).posts(moved(was), GAME)), "was": json.dumps(was)}
    assert client.post(f"{url}/rounds/{last}", data=fields).status_code == 303
    response = watcher.get(f"{url}/poll?version={seen}", headers={**HX, **EN})
    assert response.status_code == 200 and 'id="poll"' in response.get_data(as_text=True)
    assert totals(response) == totals(client.get(url)) != before


def test_a_waiting_poll_answers_as_soon_as_a_round_is_saved(app, client, watcher, url):
    seen = version(app, url)
    answers = []
    waiting = threading.Thread(
        target=lambda: answers.append(watcher.get(f"{url}/poll?version={seen}&wait=15", headers={**HX, **EN}))
    )
    started = time.monotonic()
    waiting.start()
    assert tricks(client, url, 2).status_code == 303
    waiting.join(15)
    assert answers and answers[0].status_code == 200 and 'id="round-2"' in answers[0].get_data(as_text=True)
    assert time.monotonic() - started < 10  # woken by the save, not by the end of its wait
    quiet = watcher.get(f"{url}/poll?version={version(app, url)}&wait=1", headers=HX)
    assert quiet.status_code == 204  # nothing new within its wait


def test_the_scorers_page_follows_the_game_but_never_reloads(client, url):
    """Another phone may score too (issue 27): the scorer's page asks for news as a watcher's does, but never
    reloads itself without JavaScript (its taps would go)."""
    page = client.get(url).get_data(as_text=True)
    assert 'id="poll"' in page and 'http-equiv="refresh"' not in page


# -- HTTP hygiene ----------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/", "/games/{}", "/games/{}/poll?version=0", NEW, "/games/nosuchgame000000"])
def test_every_page_carries_the_safety_headers(kept, path):
    client, _, url = kept
    headers = client.get(path.format(url.rsplit("/", 1)[-1])).headers
    csp = headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "frame-ancestors 'none'" in csp
    assert headers["Referrer-Policy"] in ("no-referrer", "same-origin")
    assert headers["X-Content-Type-Options"] == "nosniff"


def test_cookies_are_http_only_and_same_site(client, other_phone, url):
    for cookie in (other_phone.get(url).headers["Set-Cookie"], client.get("/lang/en?next=/").headers["Set-Cookie"]):
        assert "HttpOnly" in cookie and "SameSite=Lax" in cookie


def test_no_inline_script_in_pages(kept):
    client, watcher, url = kept
    for response in (client.get("/"), client.get(url), watcher.get(url), client.get(NEW)):
        for script in parse(response.get_data()).all("script"):
            assert "src" in script.attrs, script.text()
        assert " style=" not in response.get_data(as_text=True)


@pytest.mark.parametrize(
    "headers",
    [
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},
        {"Origin": "http://evil.example"},
        {"Origin": "null"},
    ],
    ids=["fetch-cross-site", "fetch-same-site", "origin", "origin-null"],
)
def test_a_cross_site_post_is_refused(kept, headers):
    client, _, url = kept
    app = client.application
    before = stored(app, url)
    response = tricks(client, url, 2, {**headers, **EN})
    assert response.status_code == 403 and "another site" in text(response)
    assert client.post(f"{url}/delete", headers=headers).status_code == 403
    assert version(app, url) == before.version


@pytest.mark.parametrize("headers", [{"Sec-Fetch-Site": "same-origin"}, {"Origin": "http://localhost"}])
def test_a_same_origin_post_is_accepted(app, client, url, headers):
    assert tricks(client, url, 2, headers).status_code == 303


@pytest.mark.parametrize(
    ("origin", "base", "accepted"),
    [
        ("http://localhost", "https://localhost", False),  # a page over plain HTTP posting to the HTTPS server
        ("https://localhost", "http://localhost", False),
        ("https://localhost", "https://localhost", True),
        ("https://localhost", "https://localhost:443", True),  # the default port, which Origin leaves out
    ],
)
def test_the_origin_check_compares_the_scheme_too(app, client, url, origin, base, accepted):
    before = version(app, url)
    name, fields = pick.posts(GAME, 2)[-1]
    data = {"number": "2", "step": name, **fields}
    response = client.post(f"{url}/rounds", data=data, headers={"Origin": origin, **EN}, base_url=base)
    assert response.status_code == (303 if accepted else 403)
    assert (version(app, url) > before) == accepted


def test_a_name_like_a_script_is_only_text(client, other_phone):
    name = '<script>alert("x")</script>'
    url = setup(client, {**GAME, "players": [name, "Bob", "<b>Cy</b>"]})
    name, fields = pick.posts(GAME, 1)[0]
    bad = post_round(client, url, 1, name, dict.fromkeys(fields, "x"), EN)  # every field of the bids not a value
    assert bad.status_code == 422
    other_phone.get(url)
    pages = [
        client.get(url),
        other_phone.get(url),
        client.get("/"),
        bad,
        other_phone.get(f"{url}/poll?version=0", headers=HX),
        client.get(f"{url}/delete"),
    ]
    for response in pages:
        html = response.get_data(as_text=True)
        assert "<script>alert" not in html and "<b>Cy" not in html
        assert "&lt;script&gt;alert(" in html
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in bad.get_data(as_text=True)


# -- two phones scoring at once ---------------------------------------------------------------------


def race(base, url, cookies, rounds):
    """Post round 2's last step (of `rounds`, one per phone) from each phone at the same instant, over real HTTP;
    return the statuses."""
    ready, statuses = threading.Barrier(len(cookies)), [None] * len(cookies)
    host = urlsplit(base).netloc

    def phone(k):
        name, fields = sample(GAME["rules"]).posts(rounds[k], GAME)[-1]
        body = urlencode({"number": "2", "step": name, **fields})
        connection = http.client.HTTPConnection(host, timeout=20)
        ready.wait()
        connection.request(
            "POST",
            f"{url}/rounds",
            body,
            {"Cookie": cookies[k], "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": "en"},
        )
        response = connection.getresponse()
        statuses[k] = (response.status, response.read().decode())
        connection.close()

    threads = [threading.Thread(target=phone, args=(k,)) for k in range(len(cookies))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return statuses


def device_cookie(client) -> str:
    return f"device={client.get_cookie('device').value}"


@pytest.mark.parametrize("attempt", range(5))
def test_two_phones_saving_different_rounds_at_once_record_one(app, live_server, client, other_phone, url, attempt):
    other_phone.get(score_link(client, url))
    sent = [GAME["rounds"][1], moved(GAME["rounds"][1])]
    results = race(live_server, url, [device_cookie(client), device_cookie(other_phone)], sent)
    assert sorted(status for status, _ in results) == [303, 409]
    loser = next(body for status, body in results if status == 409)
    assert "Round 2 was already entered on another phone" in loser
    game = stored(app, url)
    steps = len(pick.posts(GAME, 1)) + len(pick.posts(GAME, 2))
    assert len(game.game.rounds) == 2 and game.version == 1 + steps  # created, round 1's steps, round 2's
    winner = sent[[status for status, _ in results].index(303)]
    assert game.game.rounds[1] == normalised({**GAME, "rounds": [GAME["rounds"][0], winner]})[1]


@pytest.mark.parametrize("attempt", range(5))
def test_the_same_round_sent_twice_at_once_is_recorded_once(app, live_server, client, other_phone, url, attempt):
    other_phone.get(score_link(client, url))
    results = race(live_server, url, [device_cookie(client), device_cookie(other_phone)], [GAME["rounds"][1]] * 2)
    assert [status for status, _ in results].count(303) == 1
    assert any("Round 2 was already saved: it is recorded once." in body for _, body in results)
    game = stored(app, url)
    assert len(game.game.rounds) == 2 and game.game.rounds[1] == round_of(2)


def test_a_name_like_a_script_is_printed_as_text_on_the_sheet(app, client, other_phone):
    """The watch link reads the printed sheet too; a name that looks like markup is printed as typed."""
    name = "<script>alert(1)</script>"
    url = enter(client, {**first(GAME, 1), "players": [name, "Bob", "<b>Cy</b>"]})
    other_phone.get(url)
    response = other_phone.get(f"{url}/sheet.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    printed = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(response.data)).pages)
    assert "<script>" in printed.replace(" ", "") and "<b>Cy</b>" in printed.replace(" ", "")
    assert "&lt;" not in printed
