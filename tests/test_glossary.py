"""One word for one thing in each language (CONTRIBUTING.md, "Words"): every translation of a message that
names a thing in English uses one of the words the glossary gives it, and none it rules out."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from scorekeeper.i18n import po_files

ROOT = Path(__file__).resolve().parent.parent
COLUMNS = {"fr": (1, 2), "de": (3, 4)}  # the table's columns: the words to use, the words not to use


def glossary() -> list[list[str]]:
    """The rows of the glossary table in CONTRIBUTING.md, each a list of its cells."""
    text = (ROOT / "CONTRIBUTING.md").read_text()
    section = text.split("## Words", 1)[1]
    rows = [line.strip().strip("|").split("|") for line in section.splitlines() if line.startswith("| ")]
    return [[cell.strip() for cell in row] for row in rows[1:]]  # the first is the heading


def words(cell: str) -> list[str]:
    """The words of a cell."""
    return [w.strip() for w in cell.split(",") if w.strip()]


@functools.cache
def translations(lang: str) -> tuple[tuple[str, str, str], ...]:
    """(file, msgid, each form of its translation joined) for every translated message of `lang`, read once for
    the module's tests (reading the catalogues again for each word of the glossary was most of their CPU)."""
    found = []
    for area, path in po_files(lang).items():
        with path.open("rb") as f:
            for message in read_po(f, locale=lang):
                if not message.id or not message.string:
                    continue
                ids = message.id if isinstance(message.id, tuple) else (message.id,)
                forms = message.string if isinstance(message.string, tuple) else (message.string,)
                found.append((f"{area}.po", " / ".join(map(str, ids)), " / ".join(map(str, forms))))
    return tuple(found)


def test_the_glossary_is_there():
    rows = glossary()
    assert len(rows) >= 10 and all(len(row) == 5 for row in rows)
    assert {"bid", "round", "trick", "stake", "token"} <= {row[0] for row in rows}


@pytest.mark.parametrize("lang", sorted(COLUMNS))
def test_every_translation_says_each_thing_with_the_glossarys_word(lang):
    use, avoid = COLUMNS[lang]
    wrong = []
    for row in glossary():
        term = row[0].split(" (")[0]  # what follows in brackets says which thing it is
        english = re.compile(rf"\b{re.escape(term)}(s|ed|ing|es)?\b", re.I)
        for name, msgid, text in translations(lang):
            if not english.search(msgid):
                continue
            if not any(word.lower() in text.lower() for word in words(row[use])):
                wrong.append(f"{name}: {row[0]!r} without {words(row[use])}: {text[:100]!r}")
            wrong += [
                f"{name}: {row[0]!r} as {word!r}: {text[:100]!r}"
                for word in words(row[avoid])
                if word.lower() in text.lower()
            ]
    assert not wrong, f"{lang}: one word for one thing (CONTRIBUTING.md, Words):\n" + "\n".join(wrong)


@pytest.mark.parametrize("lang", sorted(COLUMNS))
def test_no_translation_uses_a_word_the_glossary_rules_out(lang):
    avoid = COLUMNS[lang][1]
    banned = {word.lower(): row[0] for row in glossary() for word in words(row[avoid])}
    wrong = [
        f"{name}: {word!r} (say {thing!r} with the glossary's word): {text[:100]!r}"
        for name, _msgid, text in translations(lang)
        for word, thing in banned.items()
        if re.search(rf"\b{re.escape(word)}", text, re.I)
    ]
    assert not wrong, "\n".join(wrong)


FRENCH_TERMS = re.compile(r"\b(cotes?|tours?)\b", re.I)  # a game's own words, French, not English


def test_english_messages_say_the_games_things_in_english():
    """The English page said "The cote" and "3 in tour 1": French words where an English table reads English
    (the call, the betting turn); tapis and Big Boss stay, as the glossary says, being the game's own."""
    from tests.messages import extracted

    wrong = [
        f"{filename}:{line}: {text!r}"
        for filename, line, message, _comments, _context in extracted()
        for text in (message if isinstance(message, tuple) else (message,))
        if text and FRENCH_TERMS.search(text)
    ]
    assert not wrong, "\n".join(wrong)
