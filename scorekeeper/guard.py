"""What one client may hold of the server: whose address a request is from (the socket's, or the one a
trusted proxy passes on), how large its body may be (FORM_MAX_BYTES for a form, MAX_CONTENT_LENGTH for a
game file; then 413), how long it may take to send it (BODY_SECONDS, then 408), and how many of
its requests may wait for news at once (WAITING_PER_DEVICE, WAITING_PER_ADDRESS, WAITING_PER_GAME: past them
a poll is told "nothing new" after a while, and when to ask again). How many connections one address may hold,
and how many requests it may have served a second, is the worker's business (worker.py): the app sees a request
only once its connection is taken.

An address comes from the socket; `X-Forwarded-For` (and the scheme and host a proxy saw) is believed
only from a proxy named in the TRUSTED_PROXY setting (OPERATING.md: a proxy in front), through werkzeug's
ProxyFix. Anyone else could write any address there and step past every per-address limit."""

from __future__ import annotations

import contextlib
import threading
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

from flask import abort, current_app, make_response, request
from werkzeug.middleware.proxy_fix import ProxyFix

from .client import DEVICE_COOKIE
from .i18n import gettext
from .rules import N_
from .security import UNSAFE

TOO_SLOW = N_("The request took too long to arrive; nothing was changed. Check the connection and try again.")


def trusted_proxies(setting) -> frozenset[str]:
    """The addresses of the proxies whose forwarded headers are believed (TRUSTED_PROXY: "127.0.0.1", or
    several separated by commas; none by default)."""
    if not setting:
        return frozenset()
    if isinstance(setting, str):
        setting = setting.split(",")
    return frozenset(str(address).strip() for address in setting if str(address).strip())


class TrustedProxy:
    """Hand a request from a trusted proxy to ProxyFix (one proxy: the last X-Forwarded-For, -Proto, -Host
    it added), and any other request to the app as it came."""

    def __init__(self, app, proxies: frozenset[str]):
        self.app = app
        self.proxies = proxies
        self.fixed = ProxyFix(app, x_for=1, x_proto=1, x_host=1)

    def __call__(self, environ, start_response):
        """Serve the request, from the proxy's word on who sent it when the proxy is trusted."""
        if environ.get("REMOTE_ADDR") in self.proxies:
            return self.fixed(environ, start_response)
        return self.app(environ, start_response)


def cooperative() -> bool:
    """Whether this process runs under gevent (`scorekeeper serve`'s default): its timeouts can cut a read."""
    try:
        from gevent import monkey
    except ImportError:  # pragma: no cover - gevent is a dependency
        return False
    return bool(monkey.is_module_patched("socket"))


def large_body(view):
    """Mark a view that takes a game file: its body may be MAX_CONTENT_LENGTH (1 MB), where a form's is held to
    FORM_MAX_BYTES."""
    view.large_body = True
    return view


def held_to_form_size() -> bool:
    """Whether this request's body is held to FORM_MAX_BYTES: a change to anything but a game file."""
    view = current_app.view_functions.get(request.endpoint or "")
    return request.method in UNSAFE and not getattr(view, "large_body", False)


def body_in_bounds() -> None:
    """Hold a form's body to FORM_MAX_BYTES before anything reads it: the largest form a phone sends is about
    5 KB, and parsing a 1 MB form of percent-escapes took 40 ms of the server's time, a post. A body sent
    without its length (in chunks) is read to a byte past the limit, so that body_whole can tell one too large
    from one just as large."""
    limit = request.max_content_length
    if held_to_form_size():
        limit = current_app.config["FORM_MAX_BYTES"]
    if limit is not None:
        limit += 1 if request.content_length is None else 0
    request.max_content_length = limit


def body_whole() -> None:
    """Refuse (413) a body sent without its length that runs past the limit: werkzeug stops reading it there
    without a word, and the part read would be taken for the whole form (read within BODY_SECONDS under gevent:
    body_in_time has it already)."""
    limit = request.max_content_length
    if request.method not in UNSAFE or request.content_length is not None or limit is None:
        return
    if len(request.get_data(cache=True, parse_form_data=False)) >= limit:
        abort(413)


def body_in_time():
    """Read a request's body before anything else, within BODY_SECONDS: one sent a byte at a time is cut with
    a 408 rather than holding its connection for ever (gunicorn cuts slow headers, not slow bodies). Under
    gevent only: elsewhere (the command line's gthread, tests) a read cannot be cut from outside."""
    if request.method not in UNSAFE or not cooperative():
        return
    if not request.content_length and "chunked" not in request.headers.get("Transfer-Encoding", "").lower():
        return
    from gevent import Timeout

    try:
        with Timeout(current_app.config["BODY_SECONDS"]):
            request.get_data(cache=True, parse_form_data=False)  # the form is parsed from it later
    except Timeout:
        if request.headers.get("HX-Request") == "true":
            abort(408)  # a phone's form: the notice in place, a small block of the page
        return too_slow()
    return None


def too_slow():
    """A 408 in a line of text in the request's language, no page drawn: a client trickling a thousand uploads
    at once has them cut together, and a page for each (3 ms) was 4 s of the workers' time in one go, which a
    venue's saves waited behind (BENCHMARKS.md)."""
    message = gettext(TOO_SLOW) + "\n"
    return make_response(message, 408, {"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"})


class Waiting:
    """The long polls waiting for news in this process, counted per device (its cookie, at its address), per
    client address and per game."""

    def __init__(self) -> None:
        self.by_device: Counter[tuple[str, str]] = Counter()
        self.by_address: Counter[str] = Counter()
        self.by_game: Counter[str] = Counter()
        self.lock = threading.Lock()

    @contextlib.contextmanager
    def seat(self, device: tuple[str, str], game: str, caps: tuple[int, int, int]) -> Iterator[bool]:
        """While the block runs, one more waits from `device` (its address, its cookie) on `game`; False (nothing
        counted) when the device, its address or the game already has as many as it may (`caps`, in that order)."""
        address = device[0]
        counters: list[tuple[Counter[Any], Any]] = [(self.by_device, device), (self.by_address, address)]
        counters.append((self.by_game, game))
        with self.lock:
            taken = all(counter[key] < cap for (counter, key), cap in zip(counters, caps, strict=True))
            if taken:
                for counter, key in counters:
                    counter[key] += 1
        try:
            yield taken
        finally:
            if taken:
                with self.lock:
                    for counter, key in counters:
                        counter[key] -= 1
                        if not counter[key]:
                            del counter[key]


WAITING = Waiting()


def waiting(game: str):
    """A seat for this request to wait for the game's news, if its device, its address and the game have one left
    (WAITING_PER_DEVICE, WAITING_PER_ADDRESS, WAITING_PER_GAME, per process). A venue's phones share one address
    behind its router, each with its own device cookie: the device's cap holds one client to a phone's share,
    the address's (far larger: a waiting poll costs a socket and a greenlet) holds one that makes up cookies."""
    config = current_app.config
    cookie = request.cookies.get(DEVICE_COOKIE, "")[:64]
    # a phone without a cookie (one watching a club night, its big screen) is known by its address alone: all of
    # a venue's would otherwise share one phone's share; the address's cap holds them, as it holds made-up cookies
    per_device = config["WAITING_PER_DEVICE"] if cookie else config["WAITING_PER_ADDRESS"]
    caps = (per_device, config["WAITING_PER_ADDRESS"], config["WAITING_PER_GAME"])
    return WAITING.seat((request.remote_addr or "", cookie), game, caps)


def asked_wait() -> float:
    """How long a watching phone's request may wait for news (`wait`, at most LONG_POLL_SECONDS)."""
    raw = request.args.get("wait") or ""
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 3):
        return 0
    return min(int(raw), current_app.config["LONG_POLL_SECONDS"])


def slowly() -> None:
    """Hold a poll past its cap a little (POLL_AGAIN_SECONDS) before it is answered: each of its address's
    connections (CONNECTIONS_PER_ADDRESS at most, worker.py) then asks once in that time, whatever it does
    with the answer's Retry-After; waiting on no game, it costs a greenlet and a socket."""
    time.sleep(current_app.config["POLL_AGAIN_SECONDS"])


def init_app(app) -> None:
    """Believe forwarded headers from the configured proxies only; bound every body, then read it against the
    clock."""
    app.before_request(body_in_bounds)
    app.before_request(body_in_time)
    app.before_request(body_whole)
    proxies = trusted_proxies(app.config.get("TRUSTED_PROXY"))
    if proxies:
        app.wsgi_app = TrustedProxy(app.wsgi_app, proxies)
