"""A PDF read back as pypdf extracts its text, page by page, for the tests that check what a sheet prints.

The text of the same bytes is kept: several tests print the same sheet (a sample game, the blank pad of a
player count, a long game's pages), and pypdf's parsing of a page is most of what such a test costs."""

from __future__ import annotations

import functools
import io

from pypdf import PdfReader


@functools.lru_cache(maxsize=64)
def page_texts(data: bytes) -> tuple[str, ...]:
    """Each page's text, as pypdf extracts it."""
    return tuple(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def pdf_text(data: bytes) -> str:
    """Every page's text, one after the other."""
    return "\n".join(page_texts(data))
