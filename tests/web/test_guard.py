"""One client never takes the server from the others: its long polls wait only while its address and the game
have seats left (past them "nothing new" and when to ask again), a body that trickles in is cut with a 408,
and a gevent worker closes an address's connections past its share before reading them. The full-size
reproduction (3,000 connections against the real server) is bench/hostile.py."""

from __future__ import annotations

import json
import threading
import time
from collections import Counter

import gevent
import pytest

from scorekeeper import guard
from scorekeeper.worker import Lot, Worker
from tests import pick
from tests.conftest import own_app

from .helpers import HX, game_count, rename, seats, start

TABLE = ["Anne", "Julien", "Sylvie"]
GAME = pick.game(pick.players(3))  # any game three can play
EN = {"Accept-Language": "en"}
ADDRESSES = ["10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4"]  # phones of these tests alone


@pytest.fixture
def capped(app):
    """Two long polls per address and three per game; a poll past them answered at once (POLL_AGAIN 0)."""
    app.config.update(WAITING_PER_ADDRESS=2, WAITING_PER_GAME=3, LONG_POLL_SECONDS=30, POLL_AGAIN_SECONDS=0)
    return app


def waiting_polls(app, url: str, addresses: list[str]) -> list[threading.Thread]:
    """Long polls from these addresses, left waiting (a second phone each) until news (`news`) or 30 s."""
    path = f"{url}/poll?version=1&wait=30"
    threads = [
        threading.Thread(target=lambda a=address: app.test_client().get(path, environ_base={"REMOTE_ADDR": a}))
        for address in addresses
    ]
    for thread in threads:
        thread.start()
    for _ in range(250):
        if guard.WAITING.by_game[seat(url)] >= len(addresses):
            break
        time.sleep(0.02)
    assert guard.WAITING.by_game[seat(url)] == len(addresses), "the polls did not start waiting"
    return threads


def seat(url: str) -> str:
    """What the waiting polls of a game or club night are counted under (guard.WAITING counts every poll of
    the test process: a browser test's phone may have left one waiting, on a game of its own)."""
    kind, key = url.rsplit("/", 2)[-2:]
    return f"event:{key}" if kind == "events" else key


def news(client, url: str, threads: list[threading.Thread]) -> None:
    """News for the waiting polls, which then answer (a player renamed, or a table started at the club night);
    each is over within seconds, not at the end of its wait."""
    if "/events/" in url:
        table = {**seats("player", TABLE), "dealer": "0", "event": url.rsplit("/", 1)[1]}
        assert client.post(f"/new/{GAME}", data=table).status_code == 303
    else:
        assert rename(client, url, [*TABLE[:-1], "Zoé"], was=json.dumps(TABLE)).status_code == 303
    for thread in threads:
        thread.join(10)
        assert not thread.is_alive(), "a waiting poll was not answered by the news"


def poll_now(client, url: str, address: str, wait: int = 30):
    """A long poll from `address`, and how long its answer took."""
    started = time.monotonic()
    response = client.get(f"{url}/poll?version=1&wait={wait}", headers=HX, environ_base={"REMOTE_ADDR": address})
    return response, time.monotonic() - started


def test_an_address_past_its_waiting_polls_is_told_nothing_new_and_when_to_ask(capped, client):
    url = start(client, GAME, TABLE)
    threads = waiting_polls(capped, url, ["10.0.0.1", "10.0.0.1"])
    response, took = poll_now(client, url, "10.0.0.1")
    assert response.status_code == 204 and response.headers["Retry-After"] == "0" and took < 3
    assert response.get_data() == b""  # well-formed, nothing alarming: the watch page just asks later
    other, took = poll_now(client, url, "10.0.0.2", wait=1)  # another phone still waits for news
    assert other.status_code == 204 and "Retry-After" not in other.headers and took >= 0.9
    news(client, url, threads)


def test_a_game_past_its_waiting_polls_answers_at_once(capped, client):
    url = start(client, GAME, TABLE)
    threads = waiting_polls(capped, url, ADDRESSES[:3])
    response, took = poll_now(client, url, "10.0.0.4")
    assert response.status_code == 204 and "Retry-After" in response.headers and took < 3
    news(client, url, threads)
    # every seat given back
    assert not guard.WAITING.by_game[seat(url)] and not any(guard.WAITING.by_address[a] for a in ADDRESSES)


class Trickle:
    """A request body that arrives a byte every 50 ms (cooperatively, as a gevent socket would)."""

    def read(self, size: int = -1) -> bytes:
        gevent.sleep(0.05)
        return b" "

    def readline(self, size: int = -1) -> bytes:
        return self.read(size)


def test_a_body_that_trickles_in_is_cut_with_a_408(app, client, monkeypatch):
    monkeypatch.setattr(guard, "cooperative", lambda: True)  # as under `scorekeeper serve`
    app.config["BODY_SECONDS"] = 0.1  # two of the trickle's bytes; the test waited 0.3 s for six
    started = time.monotonic()
    response = client.post(
        "/games/import",
        content_type="application/json",
        environ_overrides={"wsgi.input": Trickle(), "CONTENT_LENGTH": "100000"},
        headers={"Accept-Language": "en"},
    )
    assert response.status_code == 408 and time.monotonic() - started < 2
    # a line of text, no page drawn: a thousand uploads cut together cost no thousand pages
    assert response.content_type == "text/plain; charset=utf-8"
    assert response.get_data(as_text=True).startswith("The request took too long to arrive; nothing was changed.")
    assert (
        client.post(f"/new/{GAME}", data={"player.0": "A", "player.1": "B", "player.2": "C", "dealer": "0"}).status_code
        == 303
    )


def chunked(client, path: str, body: bytes, content_type: str):
    """POST `body` in chunks, without a length (werkzeug then reads no Content-Length), as gunicorn hands such a
    body on: wsgi.input_terminated, read it to its end."""
    overrides = {"HTTP_TRANSFER_ENCODING": "chunked", "wsgi.input_terminated": True}
    return client.post(path, data=body, content_type=content_type, environ_overrides=overrides, headers=EN)


@pytest.mark.parametrize("cooperative", [True, False], ids=["gevent", "threads"])
def test_a_body_past_its_limit_sent_in_chunks_is_refused_not_cut(app, client, monkeypatch, cooperative):
    # werkzeug stops reading a body without a length at the limit, without a word: what it read was taken for
    # the whole form, and a valid form with 100 KB after it started a game
    monkeypatch.setattr(guard, "cooperative", lambda: cooperative)
    form = b"player.0=Anne&player.1=Julien&player.2=Sylvie&dealer=0"
    refused = chunked(client, f"/new/{GAME}", form + b"&note=" + b"x" * 100_000, "application/x-www-form-urlencoded")
    assert refused.status_code == 413 and "far larger than any the app sends" in refused.get_data(as_text=True)
    assert game_count(app) == 0
    assert chunked(client, f"/new/{GAME}", form, "application/x-www-form-urlencoded").status_code == 303
    # a game file likewise, at its own limit
    document = json.dumps({"format": "scorekeeper-game/1", "rules": GAME, "players": TABLE}).encode()
    refused = chunked(client, "/games/import", document + b" " * (1024 * 1024), "application/json")
    assert refused.status_code == 413 and "too large for a game file" in refused.get_data(as_text=True)
    assert chunked(client, "/games/import", document + b" " * 500_000, "application/json").status_code == 303
    assert game_count(app) == 2


def test_the_game_files_limit_set_from_the_environment_holds(monkeypatch, empty_store, tmp_path):
    monkeypatch.setenv("SCOREKEEPER_MAX_CONTENT_LENGTH", "2048")  # text, as every setting comes from there
    client = own_app(empty_store, tmp_path).test_client()
    assert client.get("/").status_code == 200
    document = json.dumps({"format": "scorekeeper-game/1", "rules": GAME, "players": TABLE}).encode()
    assert chunked(client, "/games/import", document, "application/json").status_code == 303
    refused = chunked(client, "/games/import", document + b" " * 4096, "application/json")
    assert refused.status_code == 413 and "too large for a game file" in refused.get_data(as_text=True)
    sized = client.post("/games/import", data=document + b" " * 4096, content_type="application/json")
    assert sized.status_code == 413


class Connection:
    """A client socket the worker may close."""

    closed = False

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def worker(monkeypatch):
    """The gevent worker's own part, each connection "served" by opening the next one inside it."""
    found = Worker.__new__(Worker)
    found.held, found.cap, found.exempt = Counter(), 2, frozenset({"127.0.0.1"})
    found.lot = Lot(0, 0)  # full: a connection past its share is closed at once (tests/test_flood.py: parked)
    served: list[str] = []

    def serve(self, listener, client, addr):
        served.append(addr[0])
        while queue:  # the next connections arrive while this one is held
            nxt = queue.pop(0)
            self.handle(None, nxt[1], (nxt[0], 5000))

    queue: list[tuple[str, Connection]] = []
    monkeypatch.setattr("gunicorn.workers.ggevent.GeventWorker.handle", serve)
    return found, queue, served


def test_the_worker_closes_an_addresss_connections_past_its_share(worker):
    found, queue, served = worker
    first, later = Connection(), [(a, Connection()) for a in ("10.0.0.9", "10.0.0.9", "10.0.0.8", "127.0.0.1")]
    queue.extend(later)
    found.handle(None, first, ("10.0.0.9", 5000))  # three at once from 10.0.0.9: the third is closed unread (lot full)
    assert served == ["10.0.0.9", "10.0.0.9", "10.0.0.8", "127.0.0.1"]
    assert later[1][1].closed and not first.closed and not later[2][1].closed
    assert found.held == Counter()


def test_a_club_nights_waiting_polls_are_capped_too(capped, client):
    from .test_events import make_event

    capped.config["EVENT_SETTLE_SECONDS"] = 0.1  # its polls answer at the turn of 0.1 s, not of 1 s
    url = make_event(client)
    threads = waiting_polls(capped, url, ["10.0.0.1", "10.0.0.1"])
    response, took = poll_now(client, url, "10.0.0.1")
    assert response.status_code == 204 and response.headers["Retry-After"] == "0" and took < 3
    news(client, url, threads)
