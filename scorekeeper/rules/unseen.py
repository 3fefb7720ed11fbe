"""Characters that show nothing: a name typed with one looks like the name without it, and a spreadsheet cell
that starts with one looks like the cell that follows it."""

from __future__ import annotations

import unicodedata

# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt): what a font is to draw as nothing
IGNORABLE = (
    (0x00AD, 0x00AD),  # soft hyphen
    (0x034F, 0x034F),  # combining grapheme joiner
    (0x061C, 0x061C),  # Arabic letter mark
    (0x115F, 0x1160),  # Hangul fillers
    (0x17B4, 0x17B5),  # Khmer inherent vowels
    (0x180B, 0x180F),  # Mongolian variation selectors and vowel separator
    (0x200B, 0x200F),  # zero-width space, non-joiner and joiner, left-to-right and right-to-left marks
    (0x202A, 0x202E),  # direction embeddings and overrides
    (0x2060, 0x206F),  # word joiner, invisible operators, direction isolates
    (0x3164, 0x3164),  # Hangul filler
    (0xFE00, 0xFE0F),  # variation selectors
    (0xFEFF, 0xFEFF),  # zero-width no-break space (a byte order mark)
    (0xFFA0, 0xFFA0),  # half-width Hangul filler
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),  # shorthand format controls
    (0x1D173, 0x1D17A),  # musical format controls
    (0xE0000, 0xE0FFF),  # tags, variation selectors
)
# drawn as an empty space as wide as a letter, though a letter or a symbol: a blank, not nothing
BLANK = frozenset("\u115f\u1160\u2800\u3164\uffa0")


def invisible(char: str) -> bool:
    """Whether a character shows nothing, or only a blank: ignorable, a format character (Cf), a Hangul filler,
    the blank braille pattern. (Spaces and controls are not: a caller tells those apart as it needs.)"""
    code = ord(char)
    if code < 0xAD:  # ASCII and Latin-1 up to the soft hyphen, most of every name: none of them (9 µs a name -> 2)
        return False
    if char in BLANK or unicodedata.category(char) == "Cf":
        return True
    return any(low <= code <= high for low, high in IGNORABLE)


def folded(text: str) -> str:
    """`text` as it reads: what shows nothing taken out, what shows a blank made a space ("An\\u200bne" is
    "Anne", "Anne\\u3164Marie" is "Anne Marie")."""
    if text.isascii():  # no ASCII character is ignorable, a format character or a blank: most names, at once
        return text
    return "".join(" " if c in BLANK else c for c in text if c in BLANK or not invisible(c))


def player_key(name: str) -> str:
    """Who a name stands for: as it reads, spacing and case aside ("An\\u200bne  " and "anne" are one). The one
    test of whether two names are the same player: at a game's set-up, in a phone's history and the new-game
    form's names, at a club night's leaderboard and seating draws."""
    return " ".join(unicodedata.normalize("NFC", folded(name)).split()).casefold()
