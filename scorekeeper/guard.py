"""What one client may hold of the server: whose address a request is from (the socket's, or the one a
trusted proxy passes on), and how long it may take to send its body.

An address comes from the socket; `X-Forwarded-For` (and the scheme and host a proxy saw) is believed
only from a proxy named in the TRUSTED_PROXY setting (README: Caddy in front), through werkzeug's
ProxyFix. Anyone else could write any address there and step past every per-address limit."""

from __future__ import annotations

from werkzeug.middleware.proxy_fix import ProxyFix


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


def init_app(app) -> None:
    """Believe forwarded headers from the configured proxies only."""
    proxies = trusted_proxies(app.config.get("TRUSTED_PROXY"))
    if proxies:
        app.wsgi_app = TrustedProxy(app.wsgi_app, proxies)
