"""The sheet's letters: its fonts (DejaVu, else ReportLab's Vera), its colours and paragraph styles, and text
fitted to a box (shrunk, wrapped, cut with … at the smallest size), with a visible mark for any letter the
font lacks."""

from __future__ import annotations

import unicodedata
from functools import cache, lru_cache
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import Paragraph

DEJAVU_DIRS = (
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/dejavu"),  # Debian, Fedora
    Path("/usr/share/fonts/TTF"),
)  # Arch
FONTS = {  # our name: (DejaVu file, ReportLab's own Vera file)
    "Sheet": ("DejaVuSans.ttf", "Vera.ttf"),
    "Sheet-Bold": ("DejaVuSans-Bold.ttf", "VeraBd.ttf"),
    "Sheet-Narrow": ("DejaVuSansCondensed.ttf", "Vera.ttf"),
    "Sheet-NarrowBold": ("DejaVuSansCondensed-Bold.ttf", "VeraBd.ttf"),
}
REGULAR, BOLD, NARROW, NARROW_BOLD = FONTS
INK = colors.HexColor("#1a1a1a")
GREY = colors.HexColor("#6b6b6b")
HINT = colors.HexColor("#a8a8a8")
RULE = colors.HexColor("#9a9a9a")
ZEBRA = colors.HexColor("#f3f4f6")
HEAD = colors.HexColor("#e4e7ec")
MARKS = {  # a cell's mark: (background, text colour)
    "made": (colors.HexColor("#d7f0dc"), colors.HexColor("#0f5a24")),
    "miss": (colors.HexColor("#f8dada"), colors.HexColor("#8a1616")),
    "win": (colors.HexColor("#ffd966"), INK),
    "muted": (None, GREY),
    "hint": (None, HINT),
    "red": (None, colors.HexColor("#b3141b")),  # the red suits, as printed on the cards
}


# -- fonts -----------------------------------------------------------------------------------------


@cache
def fonts() -> str:
    """Register the sheet fonts (DejaVu, else ReportLab's Vera); return which family was used."""
    import reportlab

    vera = Path(reportlab.__file__).parent / "fonts"
    dejavu = next((d for d in DEJAVU_DIRS if (d / FONTS[REGULAR][0]).exists()), None)
    for name, (wide, fallback) in FONTS.items():
        path = dejavu / wide if dejavu and (dejavu / wide).exists() else vera / fallback
        pdfmetrics.registerFont(TTFont(name, str(path)))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=REGULAR, boldItalic=BOLD)
    return "DejaVu" if dejavu else "Vera"


@cache
def _glyphs(font: str) -> frozenset:
    """The characters a font can draw."""
    fonts()
    return frozenset(pdfmetrics.getFont(font).face.charToGlyph)


@cache
def replacement(font: str) -> str:
    """The visible mark printed for a character the font lacks."""
    have = _glyphs(font)
    return next(c for c in ("\ufffd", "\u25a1", "?") if ord(c) in have)


@lru_cache(maxsize=8192)
def printable(text: str, font: str = REGULAR) -> str:
    """The text as the font can print it: composed, with a visible mark for every character it lacks."""
    have, out = _glyphs(font), []
    for char in unicodedata.normalize("NFC", str(text)):
        if char in "\t\n\r":
            out.append(" ")
        elif unicodedata.category(char) == "Cf":
            continue  # invisible formatting marks (direction, joiners) carry no letter
        else:
            out.append(char if ord(char) in have else replacement(font))
    return "".join(out)


def symbol(char: str, fallback: str) -> str:
    """A sign such as ✓ when the font has it, else a plain one."""
    return char if ord(char) in _glyphs(REGULAR) else fallback


def width_of(text: str, font: str, size: float) -> float:
    """How wide a text prints."""
    return pdfmetrics.stringWidth(text, font, size)


@lru_cache(maxsize=8192)
def fit(
    text: str, font: str, size: float, width: float, lines: int = 1, smallest: float = 5.5
) -> tuple[float, tuple[str, ...]]:
    """The largest size (down to `smallest`) at which `text` fits `width` in at most `lines` lines
    without cutting a word, and those lines; at the smallest size long words are cut, then the end."""
    text = printable(text, font)
    current = size
    while current > smallest and not _fits(text, font, current, width, lines):
        current = max(smallest, current - 0.5)
    split = _split(text, font, current, width)
    if len(split) > lines:
        split = split[: lines - 1] + [_ellipsis(" ".join(split[lines - 1 :]), font, current, width)]
    return current, tuple(split)


def _fits(text: str, font: str, size: float, width: float, lines: int) -> bool:
    """Whether every word fits a line and the words fit in `lines` lines."""
    if any(width_of(word, font, size) > width for word in text.split(" ")):
        return False
    return len(_split(text, font, size, width)) <= lines


def _split(text: str, font: str, size: float, width: float) -> list[str]:
    """Lines of at most `width`, breaking at spaces, and inside words that are longer than a line."""
    lines, line = [], ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if width_of(candidate, font, size) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = ""
        for char in word:
            if width_of(line + char, font, size) > width and line:
                lines.append(line)
                line = ""
            line += char
    return lines + [line] if line or not lines else lines


def _ellipsis(text: str, font: str, size: float, width: float) -> str:
    """Cut a text to `width` with … at the end."""
    if width_of(text, font, size) <= width:
        return text
    while text and width_of(text + "…", font, size) > width:
        text = text[:-1]
    return text + "…"


def paragraph_styles() -> dict:
    """Paragraph styles of the sheet."""
    return {
        "title": ParagraphStyle("title", fontName=BOLD, fontSize=15, leading=18, textColor=INK),
        "details": ParagraphStyle("details", fontName=REGULAR, fontSize=8.5, leading=11, textColor=GREY),
        "body": ParagraphStyle("body", fontName=REGULAR, fontSize=8.5, leading=11, textColor=INK),
        "strong": ParagraphStyle("strong", fontName=BOLD, fontSize=10, leading=13, textColor=INK),
        "small": ParagraphStyle("small", fontName=REGULAR, fontSize=7, leading=8.6, textColor=GREY),
    }


def para(text: str, style: ParagraphStyle) -> Paragraph:
    """A paragraph of plain text (never markup: a name like <b> prints as typed)."""
    return Paragraph(escape(printable(text, style.fontName)), style)
