"""Static files served by WhiteNoise: each under a name carrying its content's hash, compressed beforehand
(Brotli and gzip, by WhiteNoise's own compressor), cached by phones for good (WhiteNoise marks the
fingerprinted names immutable) and fetched again only when they change. WhiteNoise picks the encoding a
browser takes, answers revalidations and ranges, and sends them before Flask is reached.

WhiteNoise fingerprints names only inside Django; here the copies are made at start (`build`), once per
content: a file already built is kept, so a second start (or a test's app) only hashes the files.

A page loads one style sheet and one script of ours besides htmx (`bundles`): the files it needs, minified
(rCSSmin, rJSmin) and joined at start, so a first visit on a slow network pays for three files' headers and
round trips rather than ten, and none of the comments."""

from __future__ import annotations

import contextlib
import fcntl
import functools
import hashlib
import os
from collections.abc import Iterator
from pathlib import Path

import rcssmin
import rjsmin
from flask import current_app, url_for
from whitenoise import WhiteNoise
from whitenoise.compress import Compressor

from . import registry

FINGERPRINT = r"\.[0-9a-f]{12}\.\w+$"  # what WhiteNoise caches for good: a name carrying its content's hash
STYLES = ("app.css", "memory.css")  # every page's style sheets, in this order
PAGES = ("pages.css",)  # the pages of no game (home, setup, history, records): a game's first visit goes without
SCRIPTS = ("app.js", "swap.js", "offline.js", "share.js")  # every page's scripts after htmx, in this order
FOLLOW = ("follow.js",)  # a game page follows the game, on a scoring phone as on a watching one
EVENT = ("event.css",)  # a club night's page and big screen
EVENT_SCRIPTS = ("event.js",)  # the big screen's pages turning, the page's finished tables kept unfolded


def bundles() -> dict[str, tuple[str, ...]]:
    """Each bundle a page may load (a name under `bundles/`) and the static files it joins, in order: the
    pages of no game; each game's pages (its own style and script after every page's, and following the game)."""
    found = {"bundles/app.css": STYLES + PAGES, "bundles/app.js": SCRIPTS}
    # a club night's pages follow the event as a watching phone follows a game
    found["bundles/event.css"], found["bundles/event.js"] = STYLES + PAGES + EVENT, SCRIPTS + FOLLOW + EVENT_SCRIPTS
    for game in registry.GAMES:
        found[f"bundles/{game.id}.css"] = STYLES + game.styles
        found[f"bundles/{game.id}.js"] = SCRIPTS + game.scripts + FOLLOW
    return found


def page_assets(game: registry.Bundle | None = None, area: str | None = None) -> dict[str, str]:
    """The style sheet and the script (htmx apart) of a page: of a game's pages when `game` is given (scored
    or watched: both follow the game); of another area's pages with their own bundle (`area`: "event")."""
    if area:
        return {"style": f"bundles/{area}.css", "script": f"bundles/{area}.js"}
    name = f"bundles/{game.id}" if game else "bundles/app"
    return {"style": f"{name}.css", "script": f"{name}.js"}


@functools.cache  # a test's app builds again: each content is minified once per process
def minified(name: str, data: bytes) -> bytes:
    """A style sheet or script without its comments and spaces (what the browser reads is the same)."""
    text = data.decode()
    return (rcssmin.cssmin(text) if name.endswith(".css") else rjsmin.jsmin(text)).encode()


def joined(files: dict[str, Path], parts: tuple[str, ...]) -> bytes:
    """The files `parts`, each minified, one after the other (a script's last statement ends with `;`)."""
    sep = b"\n" if parts[0].endswith(".css") else b";\n"
    return sep.join(minified(part, files[part].read_bytes()) for part in parts) + b"\n"


def fingerprinted(name: str, data: bytes) -> str:
    """`app.css` as `app.<12 hex digits of its content's hash>.css`."""
    stem, dot, ext = name.rpartition(".")
    digest = hashlib.sha256(data).hexdigest()[:12]
    return f"{stem}.{digest}.{ext}" if dot and "/" not in ext else f"{name}.{digest}.bin"


def _write(path: Path, data: bytes) -> None:
    """Write a file whole or not at all (several workers or test processes may build at once)."""
    part = path.with_name(f"{path.name}.{os.getpid()}.part")
    part.write_bytes(data)
    os.replace(part, path)


def _compressed(compressor: Compressor, out: Path, data: bytes) -> None:
    """The file's Brotli and gzip copies beside it, each kept only when it saves at least 5%."""
    if not compressor.should_compress(out.name):
        return
    for suffix, pack in ((".br", compressor.compress_brotli), (".gz", compressor.compress_gzip)):
        packed = pack(data)
        if compressor.is_compressed_effectively(suffix, str(out), len(data), packed):
            _write(out.with_name(out.name + suffix), packed)


def sources(source: Path) -> dict[str, Path]:
    """Every static file of the app by the name it is served under: the files of `source` (static/), then
    each game's own from its folder (`games/<id>.js`, `games/<id>.css`)."""
    return files_in(source) | {name: path for game in registry.GAMES for name, path in game.static.items()}


def files_in(source: Path) -> dict[str, Path]:
    """The files of a folder by their path in it (hidden ones left out)."""
    found = sorted(p for p in source.rglob("*") if p.is_file() and not p.name.startswith("."))
    return {path.relative_to(source).as_posix(): path for path in found}


def build(
    source: Path, target: Path, joins: dict[str, tuple[str, ...]] | None = None, found: dict[str, Path] | None = None
) -> dict[str, str]:
    """Copy each static file (those of `source`, or `found`: each file by its name) into `target` under its
    fingerprinted name, compressed beside it, and each bundle of `joins` likewise; drop copies of older
    contents; return each file's fingerprinted name."""
    names: dict[str, str] = {}
    compressor = Compressor(quiet=True)
    found = files_in(source) if found is None else found
    files = [(name, path.read_bytes()) for name, path in found.items()]
    files += [(name, joined(found, parts)) for name, parts in (joins or {}).items()]
    with alone(target):
        _copy(files, names, compressor, target)
    return names


@contextlib.contextmanager
def alone(target: Path) -> Iterator[None]:
    """One process at a time builds into `target` (an flock on `<target>.lock`, beside it): processes started
    together (a test run's three, on a fresh checkout) each compressed every file, 0.5 s of CPU apiece; the
    others now wait for the first and find the files built."""
    target.mkdir(parents=True, exist_ok=True)
    with open(target.with_name(f"{target.name}.lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # let go when the file is closed
        yield


def _copy(files: list[tuple[str, bytes]], names: dict[str, str], compressor: Compressor, target: Path) -> None:
    """Each file under its fingerprinted name (into `names`), compressed beside it; older contents dropped."""
    for relative, data in files:
        names[relative] = fingerprinted(relative, data)
        out = target / names[relative]
        if out.exists():
            continue
        out.parent.mkdir(parents=True, exist_ok=True)
        _compressed(compressor, out, data)
        _write(out, data)  # last: a name that exists is complete, its compressed copies with it
    keep = set(names.values())
    for old in (p for p in target.rglob("*") if p.is_file()):
        name = old.relative_to(target).as_posix()
        if name.removesuffix(".br").removesuffix(".gz") not in keep and not name.endswith(".part"):
            old.unlink(missing_ok=True)


def static_url(filename: str) -> str:
    """The URL of a static file under its fingerprinted name."""
    names = current_app.extensions["scorekeeper.static"]
    return url_for("static", filename=names.get(filename, filename))


def _headers(headers, path: str, url: str) -> None:
    """What every answer of ours says; the page's other headers do not apply to a style sheet or a script."""
    headers["X-Content-Type-Options"] = "nosniff"


def init_app(app) -> None:
    """Build the fingerprinted copies and serve them with WhiteNoise in front of the app."""
    target = Path(app.config.get("STATIC_BUILD") or Path(app.root_path).parent / "build" / "static")
    static = Path(str(app.static_folder))
    app.extensions["scorekeeper.static"] = build(static, target, bundles(), sources(static))
    app.jinja_env.globals["static_url"] = static_url
    app.jinja_env.globals["page_assets"] = page_assets
    app.wsgi_app = WhiteNoise(
        app.wsgi_app,
        root=str(target),
        prefix=app.static_url_path,
        max_age=3600,  # a name without a fingerprint (none of ours) may change: an hour
        immutable_file_test=FINGERPRINT,
        allow_all_origins=False,  # our pages only: no Access-Control-Allow-Origin on every answer
        add_headers_function=_headers,
    )
