"""gunicorn's gevent worker, with one bound more: how many connections one client address may hold at once.

A worker holds 1,000 connections (gunicorn's worker_connections) and takes the next only when one ends: a
client that keeps a thousand open (long polls, slow uploads, idle keep-alives) would leave none for the other
tables, and the app, which sees a request only once its connection is taken, could not help it. Past
CONNECTIONS_PER_ADDRESS (a setting, 250 by default) a new connection from that address is closed at once,
before anything is read from it, so that address holds a quarter of the worker at most and every other
table still finds room. A trusted proxy (TRUSTED_PROXY) is exempt: it carries every phone behind it, and the
app's own caps (guard.py) count those phones by the address the proxy gives.
"""

from __future__ import annotations

from collections import Counter

from gunicorn.workers.ggevent import GeventWorker

from .guard import trusted_proxies


class Worker(GeventWorker):
    """GeventWorker that closes a connection from an address already holding its share."""

    def init_process(self):
        """Read the caps from the app's settings once it is loaded."""
        self.held: Counter[str] = Counter()
        self.cap, self.exempt = 0, frozenset()
        super().init_process()

    def load_wsgi(self):
        """Load the app, then take its settings."""
        super().load_wsgi()
        config = getattr(self.wsgi, "config", {})
        self.cap = config.get("CONNECTIONS_PER_ADDRESS", 0)
        self.exempt = trusted_proxies(config.get("TRUSTED_PROXY"))

    def handle(self, listener, client, addr):
        """Serve the connection, unless its address already holds `cap` of them (then close it unread)."""
        address = addr[0] if isinstance(addr, tuple) and addr else ""
        if not self.cap or not address or address in self.exempt:
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
