"""What the sheet tests read a PDF with: its text, its pages and their size, and a game file's sheet."""

from __future__ import annotations

import io

from pypdf import PdfReader

from scorekeeper import gamefile, rules, sheets
from tests.pdfs import page_texts, pdf_text

__all__ = ["A4", "LETTER", "URL", "after", "build", "page_texts", "pages", "pdf_text", "size"]

A4 = (595, 842)
LETTER = (612, 792)
URL = "http://192.168.1.20:8000/games/AbCdEfGhIjKlMnOp"


def pages(data: bytes) -> list:
    """The pages of a PDF."""
    return list(PdfReader(io.BytesIO(data)).pages)


def size(page) -> tuple[int, int]:
    """A page's width and height in points, rounded."""
    return round(float(page.mediabox.width)), round(float(page.mediabox.height))


def after(text: str, label: str, count: int) -> list[str]:
    """The `count` lines that follow the last line reading `label` (the totals row, say)."""
    lines = text.splitlines()
    at = len(lines) - 1 - lines[::-1].index(label)
    return lines[at + 1 : at + 1 + count]


def build(document: dict, lang="en", paper="a4", url=URL) -> tuple[bytes, rules.Result]:
    """The completed sheet of a game file, and the game's result."""
    game = gamefile.from_document(document)
    result = rules.play(game)
    return sheets.completed(game, result, lang, paper, url), result
