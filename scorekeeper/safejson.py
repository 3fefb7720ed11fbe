"""JSON from strangers (a game file, the correction form's copy of a round), read at a bounded cost.

Python's parser recurses once per nesting level and turns any run of digits into an int, so a
thousand `[` or a 5,000-digit number would crash it or the code after it. The nesting depth is
measured before parsing, numbers are refused by their length, and text that cannot be stored or
shown (a lone surrogate from a "\\ud800" escape) is refused after.
"""

from __future__ import annotations

import json
import re

from .rules import N_, Invalid, fail

MAX_DEPTH = 12  # a game file needs 5: the file, its rounds, a round, a list in it, a hand in that list
MAX_DIGITS = 15  # no score, count or seat comes near
# a string (possessive: a 1 MB string must not cost the regex engine a backtracking mark per character,
# 120 MB) or a bracket
_TOKEN = re.compile(r'"(?:[^"\\]++|\\.)*+"|[\[\]{}]', re.DOTALL)


class _TooLong(ValueError):
    """A JSON number with too many digits."""

    def __init__(self, digits: int):
        super().__init__(digits)
        self.digits = digits


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether brackets outside strings nest deeper than `limit`; stops at the first level too deep."""
    level = 0
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token[0] == '"':
            continue
        level += 1 if token in "[{" else -1
        if level > limit:
            return True
    return False


def _int(digits: str) -> int:
    """A JSON integer, unless it is too long to be anything a game holds."""
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise _TooLong(len(digits.lstrip("-")))
    return int(digits)


def _constant(name: str):
    """NaN and Infinity are not JSON; Python's parser would take them."""
    raise ValueError(name)


def text_of(data: str | bytes) -> str:
    """The text of a JSON document sent as bytes (UTF-8, -16 or -32, as JSON allows); Invalid if it is not text."""
    if isinstance(data, str):
        return data
    try:
        return data.decode(json.detect_encoding(data)).removeprefix("\ufeff")
    except (UnicodeDecodeError, LookupError):
        raise fail(N_("This is not a JSON game file: it is not text."), field="json") from None


def broken_text(value, depth: int = 0) -> bool:
    """Whether any text in a parsed document holds a lone surrogate (it cannot be stored or shown)."""
    if isinstance(value, str):
        return any("\ud800" <= c <= "\udfff" for c in value) if not value.isascii() else False
    if depth > MAX_DEPTH:
        return True
    if isinstance(value, dict):
        return any(broken_text(k, depth + 1) or broken_text(v, depth + 1) for k, v in value.items())
    if isinstance(value, list):
        return any(broken_text(v, depth + 1) for v in value)
    return False


def loads(data: str | bytes):
    """Parse JSON; Invalid (field "json") says what is wrong, in the player's words, never a traceback."""
    text = text_of(data)
    if too_deep(text):
        raise fail(
            N_("This is not a game file: its brackets nest more than %(max)d deep."), max=MAX_DEPTH, field="json"
        )
    try:
        document = json.loads(text, parse_int=_int, parse_constant=_constant)
    except _TooLong as exc:
        raise fail(
            N_("This game file holds a number of %(digits)d digits: no score or count is that long."),
            digits=exc.digits,
            field="json",
        ) from None
    except json.JSONDecodeError as exc:
        raise fail(
            N_("This is not a JSON game file: it breaks off at line %(line)d, column %(column)d."),
            line=exc.lineno,
            column=exc.colno,
            field="json",
        ) from None
    except (ValueError, RecursionError):  # NaN, Infinity
        raise fail(N_("This is not a JSON game file: it holds a value JSON does not allow."), field="json") from None
    if broken_text(document):
        raise fail(
            N_("This game file holds a broken character (half of a surrogate pair): it is not valid text."),
            field="json",
        )
    return document


__all__ = ["MAX_DEPTH", "Invalid", "loads", "too_deep"]
