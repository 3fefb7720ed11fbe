"""Flask-Compress's cache: a watching phone's news (a game's or a club night's) compressed once for the whole
table."""

from __future__ import annotations

from flask import g

from ..kept import MB, Kept
from .polls import POLL_ANSWERS

COMPRESSED_BYTES = 4 * MB  # the same news compressed, Brotli and gzip (a tenth of the size, about)


class CompressedNews:
    """Flask-Compress's cache (COMPRESS_CACHE_BACKEND): a watching phone's news compressed once per version,
    language, kind of phone and coding, for every phone of the table; any other answer is compressed as it
    goes and not kept (its key is the coding alone: news_key gave nothing)."""

    def __init__(self) -> None:
        self.kept = Kept(COMPRESSED_BYTES, 2 * POLL_ANSWERS)  # Brotli and gzip

    def get(self, key: str) -> bytes | None:
        """The news compressed before, if any."""
        return self.kept.get(key)

    def set(self, key: str, value: bytes) -> None:
        """Keep compressed news (the least asked goes first, as with the drawn news)."""
        if not key.endswith(";"):
            self.kept.put(key, value, len(value))


def news_key(request) -> str:
    """Flask-Compress's cache key (COMPRESS_CACHE_KEY): the news this answer carries, "" for anything else (a
    watching phone's poll sets it once, for its own answer)."""
    key = g.pop("news_key", "")
    return key if request.endpoint in ("games.poll", "events.poll") else ""  # a club night's news too
