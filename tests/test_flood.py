"""A whole venue behind one address is not one attacker (issue 39), and one address that floods still gets only
its share (issue 38), against the real server (`scorekeeper serve`, gunicorn's gevent workers, worker.py): the
venue's phones, each with its own device cookie, all wait for news from one address with the default caps;
a client with one cookie holding many polls is told to ask again past a phone's share; an address asking as
fast as it is answered is paced, then refused with 429, while another address is served. What is counted is
answers, never time: bench/venue.py --one-address and bench/hostile.py measure how fast."""

from __future__ import annotations

import asyncio
import collections
import socket
from pathlib import Path

import pytest

from bench.server import Server
from scorekeeper.worker import Lot, Pace
from tests import pick, served

VENUE, HOARDER, FLOOD, OTHER = "127.0.0.3", "127.0.0.4", "127.0.0.5", "127.0.0.6"
GAME = pick.game(pick.players(3))  # any game three can play
TABLE = "player.0=Anne&player.1=Julien&player.2=Sylvie&dealer=0"


async def ask(
    port: int, source: str, method: str, path: str, cookie: str = "", body: str = "", lang: str = "en"
) -> tuple[int, dict, str]:
    """One request on a connection of its own from the loopback address `source`: its status, headers, body."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nAccept-Language: {lang}\r\n"
    head += f"Cookie: {cookie}\r\n" if cookie else ""
    head += f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {len(body)}\r\n" if body else ""
    writer.write((head + "\r\n" + body).encode())
    raw = await reader.read()
    writer.close()
    top, _, text = raw.partition(b"\r\n\r\n")
    lines = top.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1]) if raw.startswith(b"HTTP/") else 0  # 0: closed unanswered
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    return status, headers, text.decode(errors="replace")


def answers(port: int, asked: list[tuple[str, str, str]]) -> dict[str, collections.Counter]:
    """GET every (source, path, cookie) at once; per source, how many answers of each kind ("204 again": nothing
    new, and ask again after Retry-After, i.e. turned away from waiting)."""

    async def every():
        return await asyncio.gather(*(ask(port, source, "GET", path, cookie) for source, path, cookie in asked))

    found: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for (source, _, _), (status, headers, _) in zip(asked, asyncio.run(every()), strict=True):
        found[source][f"{status} again" if status == 204 and "retry-after" in headers else str(status)] += 1
    return found


@pytest.fixture
def server(tmp_path: Path, request):
    """`scorekeeper serve` (2 gevent workers) on a throw-away instance folder, with the test's settings, started as
    the tests start it (served); killed after (its graceful stop is test_serve's)."""
    started = Server(tmp_path, settings=getattr(request, "param", None), program=served.command())
    yield started
    started.kill()


def start_games(port: int, count: int) -> list[str]:
    """`count` tables' games, started from the venue's address."""

    async def every():
        return await asyncio.gather(*(ask(port, VENUE, "POST", f"/new/{GAME}", body=TABLE) for _ in range(count)))

    found = asyncio.run(every())
    assert [status for status, _, _ in found] == [303] * count
    return [headers["location"] for _, headers, _ in found]


# the caps as they are by default; a poll past one answered after 1 s, not 5 (the test waited for it)
AGAIN_SOON = {"POLL_AGAIN_SECONDS": "1"}


@pytest.mark.parametrize("server", [AGAIN_SOON], indirect=True)
def test_a_venue_behind_one_address_waits_for_news_and_one_hoarding_phone_is_held(server):
    """250 phones of one address (more than issue 25's caps let one address wait: 100 a worker), each with its
    own cookie, 5 on each of 50 games: every one waits its 3 s for news. A phone with one cookie asking 20 polls
    at once, from another address, waits with a phone's share (4 a worker) and is told to ask again for the rest.
    The 270 polls reach the server within 0.3-1.4 s of the first (load 4-5): 3 s of waiting holds them all at once,
    as 6 s did."""
    games = start_games(server.port, 50)
    venue = [
        (VENUE, f"{game}/poll?version=1&wait=3", f"device=venue-{k}-{n}")
        for k, game in enumerate(games)
        for n in range(5)
    ]
    hoarder = [(HOARDER, f"{games[0]}/poll?version=1&wait=3", "device=one-phone")] * 20
    found = answers(server.port, venue + hoarder)
    assert found[VENUE] == {"204": 250}
    assert found[HOARDER]["204 again"] >= 12 and found[HOARDER]["204"] <= 8, found[HOARDER]


# a request whose turn is more than 0.1 s off is refused after 0.1 s: each of a connection's five took 0.5 s
FLOODED = {"REQUESTS_PER_SECOND": "1", "REQUEST_BURST": "4", "REQUEST_WAIT_SECONDS": "0.1"}


SAID = {
    "en": "Too many requests from this address; wait a moment.",
    "fr": "Trop de demandes depuis cette adresse ; attendez un instant.",
    "de": "Zu viele Anfragen von dieser Adresse – bitte einen Moment warten.",
}


@pytest.mark.parametrize("server", [FLOODED], indirect=True)
def test_an_address_asking_as_fast_as_it_is_answered_is_paced_then_refused(server):
    """One address asks /healthz 40 times on 8 connections at once (each asking again when answered), paced to 1 a
    second after a burst of 4: most are refused with 429, said in the asking phone's language, with when to ask
    again; another address is served meanwhile."""

    async def flood():
        async def connection(lang: str):
            return [(lang, await ask(server.port, FLOOD, "GET", "/healthz", lang=lang)) for _ in range(5)]

        found = await asyncio.gather(*(connection(["en", "fr", "de"][k % 3]) for k in range(8)))
        return [answer for each in found for answer in each]

    flooded = asyncio.run(flood())
    statuses = collections.Counter(status for _, (status, _, _) in flooded)
    assert statuses[429] >= 10 and statuses[200] >= 4, statuses
    assert answers(server.port, [(OTHER, "/healthz", "")] * 4)[OTHER] == {"200": 4}
    refused = [(lang, headers, said) for lang, (status, headers, said) in flooded if status == 429]
    assert {lang for lang, _, _ in refused} == set(SAID)
    for lang, headers, said in refused:
        assert said.strip() == SAID[lang] and headers["retry-after"] == "1"
        assert headers["content-type"] == "text/plain; charset=utf-8"


# a connection past the share is held 1 s (the longer of the two), then answered
HELD = {"CONNECTIONS_PER_ADDRESS": "3", "LONG_POLL_SECONDS": "1", "POLL_AGAIN_SECONDS": "1"}


@pytest.mark.parametrize("server", [HELD], indirect=True)
def test_a_connection_past_its_address_share_is_answered_later_not_closed(server):
    """An address holding its share of connections (3 a worker here) opens 12 at once, each a phone of its own
    waiting for news: those past its share are not closed unanswered (a client then asks again at once, and its
    asking crowds out everyone's new connections) but held, then answered 429 with when to ask again, in the
    phone's language; another address is served meanwhile."""
    game = start_games(server.port, 1)[0]

    async def hold():
        polls = [
            ask(server.port, HOARDER, "GET", f"{game}/poll?version=1&wait=3", f"device=p{k}", lang="fr")
            for k in range(12)
        ]
        return await asyncio.gather(*polls, ask(server.port, OTHER, "GET", "/healthz"))

    *held, other = asyncio.run(hold())
    statuses = collections.Counter(status for status, _, _ in held)
    assert statuses[429] >= 6 and statuses[204] <= 6 and not statuses[0], statuses
    for status, headers, said in held:
        if status == 429:
            assert said.strip() == SAID["fr"] and headers["retry-after"] == "1"
    assert other[0] == 200


def test_the_lot_answers_its_connections_when_their_time_comes_and_holds_no_more_than_its_size():
    lot = Lot(size=2, hold=5, retry=3)
    pairs = [socket.socketpair() for _ in range(3)]
    for _, client in pairs:
        client.sendall(b"GET /healthz HTTP/1.1\r\nAccept-Language: de\r\n\r\n")
    assert [lot.park(server, 100.0) for server, _ in pairs] == [True, True, False]  # the third: closed by the caller
    lot.release(104.9)
    pairs[0][1].setblocking(False)
    with pytest.raises(BlockingIOError):
        pairs[0][1].recv(100)  # not yet
    lot.release(105.0)
    for _, client in pairs[:2]:
        client.setblocking(True)
        answer = client.recv(1000).decode()
        assert answer.startswith("HTTP/1.1 429 ") and "Retry-After: 3\r\n" in answer and SAID["de"] in answer
        assert client.recv(100) == b""  # and closed
    assert not lot.parked
    for server, client in pairs:
        server.close()
        client.close()


def test_the_pace_lets_a_burst_through_then_spaces_the_rest_and_refuses_past_the_wait():
    pace = Pace(rate=10, burst=3, wait=0.5)
    delays = [pace.delay("10.0.0.9", 100.0) for _ in range(10)]
    assert delays[:3] == [0, 0, 0]  # the burst, at once
    assert [round(d, 2) for d in delays[3:8]] == [0.1, 0.2, 0.3, 0.4, 0.5]  # each waits its turn
    assert delays[8:] == [None, None]  # its turn too far off: refused, nothing taken
    assert pace.delay("10.0.0.8", 100.0) == 0  # another address is not held by it
    assert pace.delay("10.0.0.9", 101.0) == 0  # a second later, turns came back
    pace.forget(102.0)
    assert pace.due == {}  # the addresses that owe nothing are forgotten
