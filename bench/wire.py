"""Bytes over the wire as served: what a phone downloads on a first visit to a game page, and one round save."""

from __future__ import annotations

import gzip
import re
import zlib
from dataclasses import dataclass

import brotli

from .client import Connection, Response, build

# an image marked loading="lazy" is left out: a browser fetches it only once it is about to be shown (the
# game page has two: the score link's code, in a closed panel, and the watch link's, which Chromium at 390x844
# fetches on a new game's first visit, so this count leaves out a request a phone makes; bench/phone.py counts
# what Chromium fetches)
ASSET = re.compile(
    r'<(?:link[^>]*\brel="(?:stylesheet|icon|manifest|preload|modulepreload)"[^>]*\bhref|'
    r'script[^>]*\bsrc|img(?![^>]*\bloading="lazy")[^>]*\bsrc)="(/[^"/][^"]*)"'
)


@dataclass
class Transfer:
    """One or more answers: how many, bytes on the wire (headers too), bodies as sent and unpacked."""

    requests: int = 0
    wire: int = 0
    body: int = 0
    plain: int = 0
    encodings: tuple = ()

    def add(self, response: Response) -> None:
        """Count one more answer."""
        encoding = response.headers.get("content-encoding", "identity")
        self.requests += 1
        self.wire += response.wire
        self.body += len(response.body)
        self.plain += len(unpack(response.body, encoding))
        if encoding not in self.encodings:
            self.encodings += (encoding,)


def unpack(body: bytes, encoding: str) -> bytes:
    """The body before content coding."""
    if encoding == "gzip":
        return gzip.decompress(body)
    if encoding == "deflate":
        return zlib.decompress(body)
    if encoding == "br":
        return brotli.decompress(body)
    return body


def assets(html: str) -> list[str]:
    """The same-site style sheets, scripts and images a page makes the browser fetch, in order."""
    return list(dict.fromkeys(m.replace("&amp;", "&") for m in ASSET.findall(html)))


def first_visit(conn: Connection, host: str, path: str, headers: dict) -> tuple[Transfer, list[str]]:
    """Load a page the way a browser with an empty cache does: the HTML, then what it refers to."""
    transfer = Transfer()
    response = conn.request(build("GET", path, headers, host=host))
    if response.status != 200:
        raise RuntimeError(f"GET {path} answered {response.status}")
    transfer.add(response)
    html = unpack(response.body, response.headers.get("content-encoding", "identity")).decode()
    found = assets(html)
    for url in found:
        asset = conn.request(build("GET", url, headers, host=host))
        if asset.status != 200:
            raise RuntimeError(f"GET {url} answered {asset.status}")
        transfer.add(asset)
    return transfer, found


def one(conn: Connection, raw: bytes, expect: int) -> Transfer:
    """One request's answer."""
    transfer = Transfer()
    response = conn.request(raw)
    if response.status != expect:
        raise RuntimeError(f"expected {expect}, got {response.status}: {response.body[:300]!r}")
    transfer.add(response)
    return transfer
