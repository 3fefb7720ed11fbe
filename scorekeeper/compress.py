"""Responses compressed as served: pages, htmx fragments, style sheets, scripts and game files travel
gzipped to every browser that accepts it (phones on a busy Wi-Fi wait on bytes more than on the CPU).
Static files are compressed once per worker, at the strongest level, and kept."""

from __future__ import annotations

import gzip
from functools import lru_cache
from pathlib import Path

from flask import current_app, request
from werkzeug.security import safe_join

TYPES = {
    "text/html",
    "text/css",
    "text/plain",
    "text/javascript",
    "application/javascript",
    "application/json",
    "image/svg+xml",
    "application/manifest+json",
}
SMALLEST = 512  # below this, gzip's own header and trailer eat most of what it would save


def wanted(response) -> bool:
    """Whether this answer should travel gzipped."""
    return (
        response.status_code >= 200
        and response.status_code not in (204, 206, 304)
        and response.mimetype in TYPES
        and "Content-Encoding" not in response.headers
        and "Content-Range" not in response.headers
        and not (response.is_streamed and not response.direct_passthrough)
        and request.accept_encodings["gzip"] > 0
    )


@lru_cache(maxsize=128)
def _packed_file(path: str, mtime_ns: int, size: int) -> bytes:
    """A static file gzipped at level 9 (keyed by its time and size, so an edited file is packed again)."""
    return gzip.compress(Path(path).read_bytes(), 9, mtime=0)


def _static_path(response) -> Path | None:
    """The file a static answer sends, if it is one of the app's static files."""
    if request.endpoint != "static" or not request.view_args:
        return None
    found = safe_join(str(current_app.static_folder), request.view_args.get("filename", ""))
    return Path(found) if found else None


def compress(response):
    """Gzip the answer when the browser accepts it; say that the answer depends on Accept-Encoding."""
    if response.mimetype in TYPES:
        response.vary.add("Accept-Encoding")
    if not wanted(response):
        return response
    if response.direct_passthrough:
        path = _static_path(response)
        if path is None or not path.is_file():
            return response
        stat = path.stat()
        body = _packed_file(str(path), stat.st_mtime_ns, stat.st_size)
        if hasattr(response.response, "close"):
            response.response.close()  # the open file it would have streamed
        response.direct_passthrough = False
    else:
        plain = response.get_data()
        if len(plain) < SMALLEST:
            return response
        body = gzip.compress(plain, 6, mtime=0)
    response.set_data(body)
    response.headers["Content-Encoding"] = "gzip"
    etag, weak = response.get_etag()
    if etag and not weak:  # the same content in another coding: equal for revalidation, not byte for byte
        response.set_etag(etag, weak=True)
    return response


def init_app(app) -> None:
    """Compress every eligible answer."""
    app.after_request(compress)
