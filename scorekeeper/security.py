"""Safety on every request: cross-site writes refused, strict headers, a secret key kept out of the code, the
admin's session cookie, and the rate limits per client address. Who the client is: client.py."""

from __future__ import annotations

import functools
import secrets
from pathlib import Path
from urllib.parse import urlsplit

from flask import abort, current_app, g, make_response, request
from flask.sessions import SecureCookieSessionInterface
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits.errors import ConfigurationError

from . import (
    ratelimits,  # noqa: F401  (registers the scheme scorekeeper://)
    space,
)
from .i18n import gettext
from .rules import N_
from .settings import PREFIX, BadSetting

UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}  # the methods that change something
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
# read by the browser, never shown as a page: a page's own headers (its CSP, framing, referrer) would only add
# weight to every first visit (each phone fetches the manifest with the page)
NOT_A_PAGE = {"application/manifest+json"}
# Requests are counted per client address (the socket's, or the one a trusted proxy gives: guard.py) where
# RATELIMIT_STORAGE_URI says: by default `scorekeeper://`, the app's own store (ratelimits.py), so a limit holds
# for every worker of every server sharing it, not for each worker alone.
limiter = Limiter(get_remote_address, headers_enabled=True)
LOOPBACK_HOSTS = ["localhost", "127.0.0.1"]
TOO_FAST = N_("Too many new games from this address in a short time: wait a minute, then try again.")


def limited(setting: str, *, scope: str | None = None, message: str = TOO_FAST):
    """Limit a route's POSTs per client address to the setting `setting` (a rate, settings.py); past
    it a 429 with Retry-After and `message` in the page's language. Routes given the same `scope` share
    one count (a new game, an import and a rematch all start a game)."""

    def limit() -> str:
        return current_app.config[setting]

    def said() -> str:
        return gettext(message)

    if scope:
        return limiter.shared_limit(limit, scope=scope, methods=["POST"], error_message=said)
    return limiter.limit(limit, methods=["POST"], error_message=said)


def creates_games(view):
    """A route that starts a game (new, import, rematch): one count per address, the CREATE_LIMIT setting; and
    refused when the store is full or the address stored its hour's bytes (space.py)."""
    return limited("CREATE_LIMIT", scope="create-game")(space.stores_a_game(view))


def secret_key(instance: Path) -> str:
    """The instance folder's secret key, generated on first start and never in the code."""
    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


def own_origin() -> str:
    """This request's own origin as a browser writes it in Origin: scheme://host[:port], the scheme's default
    port left out, in small letters."""
    default = {"http": ":80", "https": ":443"}.get(request.scheme, "")
    return f"{request.scheme}://{request.host.lower().removesuffix(default)}"


def refuse_cross_site() -> None:
    """Refuse unsafe requests from another site (Sec-Fetch-Site, else Origin against the request's own scheme
    and host: a page served over plain HTTP is another origin than the same host over HTTPS)."""
    if request.method not in UNSAFE:
        return
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None:
        if site not in ("same-origin", "none"):
            abort(403, description="cross-site")
        return
    origin = request.headers.get("Origin")
    if origin is not None and origin.lower() != own_origin():  # "null" too: a sandboxed or opaque page
        abort(403, description="cross-site")


def trusted_hosts(config) -> list[str] | None:
    """The names a request may give as its Host (Flask's TRUSTED_HOSTS; any other is refused with 400): those
    configured (settings.py has made them a list), else with a public URL its host and loopback's (the
    proxy's health checks, the operator on the machine itself); None, any, on a card table's Wi-Fi, where the
    phones use whatever address the router gave (no link is made from it: share.base)."""
    listed = config.get("TRUSTED_HOSTS")
    host = urlsplit(str(config.get("PUBLIC_URL") or "")).hostname
    if listed is not None or not host or ":" in host:  # werkzeug matches no IPv6 address: none is checked
        return listed
    return [host, *LOOPBACK_HOSTS]


def finish(response):
    """Add the security headers."""
    headers = response.headers
    headers.setdefault("X-Content-Type-Options", "nosniff")
    if response.mimetype not in NOT_A_PAGE:
        headers.setdefault("Content-Security-Policy", CSP)
        headers.setdefault("Referrer-Policy", "same-origin")
        headers.setdefault("X-Frame-Options", "DENY")
    return response


def private(view):
    """A page that shows this phone's own games (or the admin's list of all): kept by no cache, the
    phone's own neither (`no-store`: the service worker and offline.js keep no copy), nor htmx's history
    (base.html marks the page hx-history="false"), so a shared browser shows none of it later."""

    @functools.wraps(view)
    def answer(*args, **kwargs):
        g.private = True
        response = make_response(view(*args, **kwargs))
        response.headers["Cache-Control"] = "no-store"
        return response

    return answer


class Sessions(SecureCookieSessionInterface):
    """Flask's signed session cookie (the admin's sign-in), Secure whenever the request came over HTTPS
    (directly, or through a trusted proxy: guard.py) so it never travels in the clear afterwards."""

    def get_cookie_secure(self, app) -> bool:
        """Secure if configured so, or if this request came over HTTPS."""
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure


def init_app(app) -> None:
    """Wire the checks and headers into every request; the session cookie (admin sign-in) stays same-site."""
    app.session_interface = Sessions()
    app.config["TRUSTED_HOSTS"] = trusted_hosts(app.config)
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    app.config["SESSION_COOKIE_SAMESITE"] = app.config.get("SESSION_COOKIE_SAMESITE") or "Lax"
    app.before_request(refuse_cross_site)
    app.after_request(finish)
    try:
        limiter.init_app(app)
    except ConfigurationError as exc:  # an unknown scheme, or Redis without its package: the operator's to mend
        uri = app.config["RATELIMIT_STORAGE_URI"]
        raise BadSetting(f"{PREFIX}RATELIMIT_STORAGE_URI={uri!r}: {exc}") from None
