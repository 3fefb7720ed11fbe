"""Static files served by WhiteNoise: each under a name carrying its content's hash, compressed beforehand
(Brotli and gzip, by WhiteNoise's own compressor), cached by phones for good (WhiteNoise marks the
fingerprinted names immutable) and fetched again only when they change. WhiteNoise picks the encoding a
browser takes, answers revalidations and ranges, and sends them before Flask is reached.

WhiteNoise fingerprints names only inside Django; here the copies are made at start (`build`), once per
content: a file already built is kept, so a second start (or a test's app) only hashes the files."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from flask import current_app, url_for
from whitenoise import WhiteNoise
from whitenoise.compress import Compressor

FINGERPRINT = r"\.[0-9a-f]{12}\.\w+$"  # what WhiteNoise caches for good: a name carrying its content's hash


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


def build(source: Path, target: Path) -> dict[str, str]:
    """Copy each static file into `target` under its fingerprinted name, compressed beside it; drop copies
    of older contents; return each file's fingerprinted name."""
    names: dict[str, str] = {}
    compressor = Compressor(quiet=True)
    for path in sorted(p for p in source.rglob("*") if p.is_file() and not p.name.startswith(".")):
        relative, data = path.relative_to(source).as_posix(), path.read_bytes()
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
    return names


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
    app.extensions["scorekeeper.static"] = build(Path(str(app.static_folder)), target)
    app.jinja_env.globals["static_url"] = static_url
    app.wsgi_app = WhiteNoise(
        app.wsgi_app,
        root=str(target),
        prefix=app.static_url_path,
        max_age=3600,  # a name without a fingerprint (none of ours) may change: an hour
        immutable_file_test=FINGERPRINT,
        add_headers_function=_headers,
    )
