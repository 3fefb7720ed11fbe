"""gunicorn's gevent worker, with two bounds more on one client address: how many connections it may hold at
once, and how many requests it may have served a second.

A worker holds WORKER_CONNECTIONS connections (gunicorn's worker_connections) and takes the next only when one
ends: a client that keeps them all open (long polls, slow uploads, idle keep-alives) would leave none for the
other tables, and the app, which sees a request only once its connection is taken, could not help it. Past
CONNECTIONS_PER_ADDRESS (a setting, 600 by default) a new connection from that address is not served: it is
parked in the worker's lot, unread, with no greenlet, and answered 429 with Retry-After only as long after as a
poll may wait for news (LONG_POLL_SECONDS; the lot holds WORKER_CONNECTIONS such connections, and past that one
is closed at once). Closing it at once
was what made a hostile client slow everyone: each connection closed asked again the moment it was, and the
kernel's one queue of connections not yet accepted, which every address shares in arrival order, held up to
1,300 of them, so a venue's save waited there 0.7 s at the median and 5 s at worst (BENCHMARKS.md). Parked, a
connection asks again once per LONG_POLL_SECONDS, whatever its client does, and the queue stays short; and each
worker takes every connection waiting when it wakes (Draining), not one a turn.

Within its connections, an address is paced (REQUESTS_PER_SECOND, REQUEST_BURST): its requests are served at
that rate at most, a burst at once, the rest each waiting its turn. A request whose turn is more than
REQUEST_WAIT_SECONDS away waits that long and is answered 429 with Retry-After, written here without the app
(a few bytes, no Flask, no store). Five hundred kept-alive connections asking /healthz as fast as they could
took every worker's time, and another table's page went to 1.25 s; paced, they wait in greenlets that cost
nothing, and the worker's time goes to whoever is next. A poll answered at once counts as any request.

Both are counted in the worker's memory: they guard that worker's time and connections, not a quota (the
limits shared across workers and servers are Flask-Limiter's). A trusted proxy (TRUSTED_PROXY) holds any
number of connections, since it carries every phone behind it; its requests are paced by the address it
passes on (the last X-Forwarded-For), as the app's own caps (guard.py) count them. An IPv6 address is taken
by its /64, the block one subscriber is given.
"""

from __future__ import annotations

import ipaddress
import socket
import time
from collections import Counter, deque

import gevent
from gevent.server import StreamServer
from gunicorn.workers import ggevent
from gunicorn.workers.ggevent import GeventWorker
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header, parse_cookie

from . import i18n
from .guard import trusted_proxies
from .rules import N_

TOO_MANY = N_("Too many requests from this address; wait a moment.")
ACCEPT_AT_ONCE = 100  # connections a worker takes from the kernel's queue each time the listener wakes it


def client_key(address: str) -> str:
    """What one client is counted under: its IPv4 address, or its IPv6 address's /64."""
    if ":" not in address:
        return address
    try:
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    except ValueError:
        return address


class Pace:
    """Each address's requests, spaced to `rate` a second with `burst` at once (the generic cell rate
    algorithm: one time kept per address, when its next request would be on time)."""

    FORGET_EVERY = 1.0  # seconds between two sweeps of the addresses that owe nothing

    def __init__(self, rate: float, burst: float, wait: float):
        self.interval = 1 / rate if rate > 0 else 0.0
        self.tolerance = max(burst - 1, 0) * self.interval
        self.wait = wait
        self.due: dict[str, float] = {}
        self.swept = 0.0

    def delay(self, address: str, now: float) -> float | None:
        """Seconds this request waits for its turn (0: at once), its turn then taken; None if its turn is more
        than `wait` away (nothing taken: it is refused)."""
        if not self.interval:
            return 0.0
        due = max(self.due.get(address, now), now)
        late = due - self.tolerance - now
        if late > self.wait:
            return None
        self.due[address] = due + self.interval
        if now - self.swept > self.FORGET_EVERY:
            self.forget(now)
        return max(0.0, late)

    def forget(self, now: float) -> None:
        """Drop the addresses whose next request would be on time anyway: memory follows the live clients."""
        self.due = {address: due for address, due in self.due.items() if due > now}
        self.swept = now


def refusal(headers: list[tuple[str, str]], retry_after: int) -> bytes:
    """A 429 in the language the request asks for, in plain text (closing the connection: a body it may
    have sent is not read)."""
    values = dict(headers)
    accept = parse_accept_header(values.get("ACCEPT-LANGUAGE"), LanguageAccept)
    lang = i18n.choose(parse_cookie(values.get("COOKIE", "")).get(i18n.COOKIE), accept)
    body = (i18n.translate(TOO_MANY, lang) + "\n").encode()
    head = (
        "HTTP/1.1 429 Too Many Requests\r\nContent-Type: text/plain; charset=utf-8\r\nCache-Control: no-store\r\n"
        f"Retry-After: {retry_after}\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    )
    return head.encode() + body


def head_of(raw: bytes) -> list[tuple[str, str]]:
    """The header lines of a request's first bytes, as gunicorn gives them (names in capitals)."""
    lines = raw.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")[1:]
    return [(name.strip().upper(), value.strip()) for name, _, value in (line.partition(":") for line in lines)]


class Lot:
    """Connections past their address's share, parked unread until `hold` seconds have passed, then answered 429
    with Retry-After (`retry` seconds) and closed: a socket each, no greenlet, no read. At most `size` at once;
    past that one is closed at once (its client then asks again at once, which the lot is there to prevent)."""

    def __init__(self, size: int, hold: float, retry: int = 1):
        self.size, self.hold, self.retry = size, hold, retry
        self.parked: deque[tuple[float, socket.socket]] = deque()  # in the order they came: the first due first

    def park(self, client, now: float) -> bool:
        """Keep this connection open, unanswered, till its time (False if the lot is full: the caller closes it)."""
        if len(self.parked) >= self.size:
            return False
        # gevent closes the socket it handed to the handler once the handler returns: keep the file, not it
        self.parked.append((now + self.hold, socket.socket(fileno=client.detach())))
        return True

    def release(self, now: float) -> None:
        """Answer and close every parked connection whose time has come."""
        while self.parked and self.parked[0][0] <= now:
            _, sock = self.parked.popleft()
            try:
                sock.setblocking(False)  # a fresh socket's buffer takes a few hundred bytes; nothing waits here
                try:
                    raw = sock.recv(8192)  # its request's head, for its language; unread, closing it would reset
                except BlockingIOError:
                    raw = b""
                sock.send(refusal(head_of(raw), self.retry))
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass  # its client went away meanwhile
            finally:
                sock.close()


class Draining(StreamServer):
    """gevent's StreamServer, taking up to ACCEPT_AT_ONCE waiting connections each time its listener wakes it.
    gunicorn has each worker take one (max_accept 1, to spread connections over the workers), then run every
    greenlet that is ready before the next: with thousands of a hostile client's connections ahead in the queue,
    a venue's waited behind them one turn of the worker's loop each. Parking or serving one costs far less than
    a turn; one worker handed more than the other is what the caps are sized for (each fits a whole venue)."""

    max_accept = property(lambda self: ACCEPT_AT_ONCE, lambda self, value: None)  # gunicorn's 1 is not taken


class Worker(GeventWorker):
    """GeventWorker that parks a connection from an address already holding its share, and paces each
    address's requests."""

    def init_process(self):
        """Read the caps from the app's settings once it is loaded."""
        self.held: Counter[str] = Counter()
        self.cap, self.exempt, self.pace = 0, frozenset(), Pace(0, 0, 0)
        self.lot = Lot(0, 0)
        super().init_process()

    def load_wsgi(self):
        """Load the app, then take its settings."""
        super().load_wsgi()
        config = getattr(self.wsgi, "config", {})
        self.cap = config.get("CONNECTIONS_PER_ADDRESS", 0)
        self.exempt = trusted_proxies(config.get("TRUSTED_PROXY"))
        # typed by settings.py; an app without them is not paced
        rate, burst = config.get("REQUESTS_PER_SECOND", 0), config.get("REQUEST_BURST", 1)
        self.pace = Pace(rate, burst, config.get("REQUEST_WAIT_SECONDS", 0))
        # parked as long as a poll may wait for news: a client holding thousands then reconnects that seldom
        again = config.get("POLL_AGAIN_SECONDS", 0)
        self.lot = Lot(config.get("WORKER_CONNECTIONS", 0), max(config.get("LONG_POLL_SECONDS", 0), again), again)

    def run(self):
        """Serve, each listener draining the queue of new connections, answering the parked connections whose
        time has come meanwhile."""
        ggevent.StreamServer = Draining  # what gunicorn's run() builds its servers with, in this process
        gevent.spawn(self.sweep)
        super().run()

    def sweep(self) -> None:
        """Answer the lot's connections as their time comes (every quarter second: a parked one waits its
        POLL_AGAIN_SECONDS, a quarter more at worst)."""
        while True:
            gevent.sleep(0.25)
            self.lot.release(time.monotonic())

    def handle(self, listener, client, addr):
        """Serve the connection, unless its address already holds `cap` of them (then park it, or close it unread
        if the lot is full)."""
        address = client_key(addr[0]) if isinstance(addr, tuple) and addr else ""
        if not self.cap or not address or addr[0] in self.exempt:
            return super().handle(listener, client, addr)
        if self.held[address] >= self.cap:
            if not self.lot.park(client, time.monotonic()):
                client.close()
            return None
        self.held[address] += 1
        try:
            return super().handle(listener, client, addr)
        finally:
            self.held[address] -= 1
            if not self.held[address]:
                del self.held[address]

    def handle_request(self, listener_name, req, sock, addr):
        """Serve the request in its address's turn; one whose turn is too far off waits REQUEST_WAIT_SECONDS,
        then is told 429 and its connection closed (StopIteration: gunicorn's way to end a kept-alive one)."""
        delay = self.pace.delay(self.sender(req, addr), time.monotonic())
        if delay is None:
            gevent.sleep(self.pace.wait)
            sock.sendall(refusal(req.headers, max(1, round(self.pace.wait))))
            raise StopIteration()
        if delay:
            gevent.sleep(delay)
        return super().handle_request(listener_name, req, sock, addr)

    def sender(self, req, addr) -> str:
        """The address a request is counted under: the socket's, or the one a trusted proxy passes on."""
        address = addr[0] if isinstance(addr, tuple) and addr else ""
        if address in self.exempt:
            forwarded = [value for name, value in req.headers if name == "X-FORWARDED-FOR"]
            address = forwarded[-1].rsplit(",", 1)[-1].strip() if forwarded else address
        return client_key(address)
