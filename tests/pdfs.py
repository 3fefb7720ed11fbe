"""A PDF read back as text, page by page, for the tests that check what a sheet prints.

`page_texts` is pypdf's reading: each piece of text the sheet draws on a line of its own, for the tests that find a
cell alone ("\n26\n"). `page_words` is poppler's pdftotext (-raw: in the order the sheet draws, the pieces of one
line joined by spaces), for the tests that look for words on a page (a footer's "Page 2 of 5"): the same words in
the same order (every page of 99 sheets compared, spaces aside), in C, where pypdf's parsing of a page in Python
was most of what such a test cost (a 14-page results sheet: 0.17-0.21 s of CPU, 0.02 s with pdftotext).

The text of the same bytes is kept: several tests print the same sheet (a sample game, the blank pad of a
player count, a long game's pages)."""

from __future__ import annotations

import functools
import io
import subprocess

from pypdf import PdfReader


@functools.lru_cache(maxsize=64)
def page_texts(data: bytes) -> tuple[str, ...]:
    """Each page's text, as pypdf extracts it."""
    return tuple(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


@functools.lru_cache(maxsize=64)
def page_words(data: bytes) -> tuple[str, ...]:
    """Each page's text, as pdftotext extracts it (poppler-utils, which `make setup-test` installs)."""
    read = ["pdftotext", "-raw", "-enc", "UTF-8", "-", "-"]
    return tuple(subprocess.run(read, input=data, capture_output=True, check=True).stdout.decode().split("\f")[:-1])


def pdf_text(data: bytes) -> str:
    """Every page's text, one after the other."""
    return "\n".join(page_texts(data))
