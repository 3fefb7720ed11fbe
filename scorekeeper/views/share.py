"""Sharing a game at the table: the watch and score links with their QR codes, joining with the score
link, replacing it."""

from __future__ import annotations

import hashlib
import io
import ipaddress
from functools import lru_cache
from urllib.parse import urlsplit

import segno
from flask import Blueprint, abort, current_app, make_response, redirect, render_template, request, url_for
from markupsafe import Markup, escape

from .. import store
from ..i18n import gettext
from ..rules import N_
from . import access, page
from .page import htmx

bp = Blueprint("share", __name__)

REPLACED = N_(
    "This score link was replaced: ask the scorekeeper for the new one. Meanwhile you can watch "
    "the game from your list."
)
LOOPBACK = ("localhost", "127.0.0.1", "::1")
QR_PIXELS = 230


def absolute(path: str) -> str:
    """A full URL another phone can open, starting with `base()`."""
    return base() + path


def base() -> str:
    """Where every link another phone opens starts: PUBLIC_URL if the server has one, else the server's own
    address as this connection reached it. Never the Host a phone sent: a watcher's news is drawn once and
    served to the whole table, and one phone's `Host: evil.example` would send every other there."""
    public = current_app.config.get("PUBLIC_URL")
    if public:
        return str(public).rstrip("/")
    host, port = own_address()
    scheme = request.scheme  # the connection's own, or what a trusted proxy says (guard.py)
    return f"{scheme}://{host}" + ("" if port == {"http": 80, "https": 443}.get(scheme) else f":{port}")


def own_address() -> tuple[str, int]:
    """The address and port of this server that the request's connection reached (its socket's own: a phone on
    the Wi-Fi reached 192.168.1.20:8000); without a socket (a test client), the server name the WSGI environ
    gives."""
    environ = request.environ
    sock = environ.get("gunicorn.socket") or environ.get("werkzeug.socket")
    if sock is None:
        return environ.get("SERVER_NAME") or "localhost", int(environ.get("SERVER_PORT") or 80)
    try:
        address = sock.getsockname()
    except OSError:
        address = None
    if not isinstance(address, tuple):  # a Unix socket: only a proxy reaches it (PUBLIC_URL says the address)
        return "localhost", 80
    ip = ipaddress.ip_address(str(address[0]).partition("%")[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped:  # a dual-stack socket reached over IPv4
        ip = ip.ipv4_mapped
    return (f"[{ip}]" if ip.version == 6 else str(ip)), int(address[1])


def breakable(url: str) -> Markup:
    """A URL as text that may wrap after each slash, so a long link never widens a phone's page."""
    return Markup("/<wbr>").join(escape(part) for part in url.split("/"))


def _kept(cached, url: str, *args):
    """`cached(url, *args)`, kept for a link of usual length only: the server's address (a PUBLIC_URL, say)
    could be 8 KB long, and a thousand of those, each a large code, would not be small."""
    return cached(url, *args) if len(url) <= 200 else cached.__wrapped__(url, *args)


def qr_img(url: str, title: str) -> Markup:
    """A QR code of `url` as an image in the page (see _qr); nothing for a link no code can hold."""
    return _kept(_qr, url, title) if qr_width(url) else Markup("")


def qr_size(code) -> int:
    """The width a QR code is shown at: about 220 px, in whole pixels per module so it stays crisp."""
    return code.symbol_size()[0] * max(4, QR_PIXELS // code.symbol_size()[0])


def qr_width(url: str) -> int:
    """The width `url`'s QR code is shown at, without drawing it: its size depends on its version, not on its
    mask, and choosing the mask is most of the 15 ms a code takes (a scoring phone's every page asked it).
    The version depends on how the text is encoded and how long it is: an ASCII link with a small letter in
    it (every game's: /games/...) is encoded byte by byte, as a run of "a"s as long, whose width is kept.
    0 when no QR code can hold the link (a PUBLIC_URL kilobytes long): it goes without one."""
    if url.isascii() and any(c.islower() for c in url):
        return _kept(_qr_width, "a" * len(url))
    return _kept(_qr_width, url)


@lru_cache(maxsize=1024)  # an int per link
def _qr_width(url: str) -> int:
    """See qr_width."""
    try:
        return qr_size(segno.make(url, error="m", mask=0))
    except segno.DataOverflowError:
        return 0


def _png(url: str, headers: dict[str, str]):
    """The response of `url`'s QR code file, with `headers`; 404 for a link no code can hold."""
    if not qr_width(url):
        abort(404)
    response = make_response(_kept(qr_png, url))
    response.headers.update({"Content-Type": "image/png", **headers})
    return response


@lru_cache(maxsize=1024)  # a code is about 500 bytes: 1,024 of them (a venue's every table), under 1 MB
def _qr(url: str, title: str) -> Markup:
    """A QR code of `url` as an image in the page: a PNG of one pixel per module (about 400 bytes, where the
    same code in SVG took 2 KB), drawn larger without smoothing (app.css); sized by attributes, not style,
    so the CSP allows it; black on white, which every camera reads."""
    code = segno.make(url, error="m")
    source = code.png_data_uri(scale=1, border=4)
    return Markup('<img class="qr" src="{}" width="{}" height="{}" alt="{}">').format(
        source, qr_size(code), qr_size(code), title
    )


@lru_cache(maxsize=2048)  # about 400 bytes a code: a venue's every table's two links under 1 MB
def qr_png(url: str) -> bytes:
    """The same code as a PNG file, one pixel per module; drawn once per link (15 ms), though each phone that
    opens the share panel asks it."""
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="png", scale=1, border=4)
    return out.getvalue()


def watch_link(game_id: str) -> str:
    """The game's watch link (its page), as another phone opens it."""
    return absolute(url_for("games.show", game_id=game_id))


def score_link(stored: store.Stored) -> str:
    """The game's score link, as another phone opens it."""
    return absolute(url_for("share.join", game_id=stored.id, token=stored.score_token))


def share_links(stored: store.Stored, can_score: bool) -> dict:
    """What the share panel shows: the watch link for everyone, the score link for scorers only. Their QR
    codes are files the phone fetches when the panel nears the view (loading="lazy"): drawing one takes 15 ms,
    which a new game's first page paid. The score link's, in a closed panel, is not fetched on a
    first visit; the watch link's is, on a new game (Chromium at 390x844: its panel is within lazy loading's
    margin), as a request of its own."""
    watch = watch_link(stored.id)
    host = urlsplit(watch).hostname or ""
    links = {
        "watch": watch,
        "watch_text": breakable(watch),
        "watch_qr": url_for("share.watch_qr", game_id=stored.id),
        "watch_qr_size": qr_width(watch),
        "local": host in LOOPBACK or host.startswith("127."),
    }
    if can_score:
        score = score_link(stored)
        size = qr_width(score)
        # a new link, a new address: the phone's image cache never shows the replaced link's code
        src = url_for("share.score_qr", game_id=stored.id, v=hashlib.sha256(score.encode()).hexdigest()[:12])
        links.update(score=score, score_text=breakable(score), score_qr=src, score_qr_size=size)
    return links


@bp.get("/games/<game_id>/score/<token>")
def join(game_id: str, token: str):
    """Open the score link: this phone may now score the game (until the link is replaced)."""
    stored = access.game_or_404(game_id)
    if not access.join(stored, token):
        access.remember(stored)
        return page.full("error.html", 403, message=gettext(REPLACED), code=403)
    response = redirect(url_for("games.show", game_id=game_id), 303)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/games/<game_id>/watch-link.png")
def watch_qr(game_id: str):
    """The watch link's QR code, for whoever may see the game (the link is on its page for all to read)."""
    stored = access.game_or_404(game_id)
    # the link of a game never changes; the address it starts with is the one asked (another host, another URL)
    return _png(watch_link(stored.id), {"Cache-Control": "private, max-age=86400"})


@bp.get("/games/<game_id>/score-link.png")
def score_qr(game_id: str):
    """The score link's QR code, for the phones that may score (the share panel shows it to them only)."""
    stored = access.game_or_404(game_id)
    access.require_score(stored)
    return _png(score_link(stored), {"Cache-Control": "private, no-cache", "Vary": "Cookie"})


@bp.post("/games/<game_id>/score-link")
def replace(game_id: str):
    """Revoke the score link and make a new one (the owner's phone or the admin only)."""
    stored = access.game_or_404(game_id)
    access.require_owner(stored)
    access.replace_score_link(stored)
    if not htmx:
        return redirect(url_for("games.show", game_id=game_id, link="new") + "#share", 303)
    stored = access.game_or_404(game_id)
    response = make_response(
        render_template(
            "_share.html", stored=stored, can_score=True, can_manage=True, replaced=True, share_links=share_links
        )
    )
    response.headers["Vary"] = "HX-Request, Cookie, Accept-Language"
    return response
