"""gunicorn's gevent worker, with two bounds more on one client address: how many connections it may hold at
once, and how many requests it may have served a second.

A worker holds WORKER_CONNECTIONS connections (gunicorn's worker_connections) and takes the next only when one
ends: a client that keeps them all open (long polls, slow uploads, idle keep-alives) would leave none for the
other tables, and the app, which sees a request only once its connection is taken, could not help it. Past
CONNECTIONS_PER_ADDRESS (a setting, 500 by default: half a worker) a new connection from that address is closed
at once, before anything is read from it, so every other table still finds room.

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
import time
from collections import Counter

import gevent
from gunicorn.workers.ggevent import GeventWorker
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header, parse_cookie

from . import i18n
from .guard import trusted_proxies
from .rules import N_

TOO_MANY = N_("Too many requests from this address; wait a moment.")


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


class Worker(GeventWorker):
    """GeventWorker that closes a connection from an address already holding its share, and paces each
    address's requests."""

    def init_process(self):
        """Read the caps from the app's settings once it is loaded."""
        self.held: Counter[str] = Counter()
        self.cap, self.exempt, self.pace = 0, frozenset(), Pace(0, 0, 0)
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

    def handle(self, listener, client, addr):
        """Serve the connection, unless its address already holds `cap` of them (then close it unread)."""
        address = client_key(addr[0]) if isinstance(addr, tuple) and addr else ""
        if not self.cap or not address or addr[0] in self.exempt:
            return super().handle(listener, client, addr)
        if self.held[address] >= self.cap:
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
