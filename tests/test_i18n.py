"""Every message a player can read exists in every language Scorekeeper speaks, with the same placeholders,
the plural forms and dates of that language."""

import re

import pytest
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from scorekeeper.i18n import LANGUAGES, catalog, po_files
from tests.messages import extracted

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]  # the messages are written in English


def messages():
    """Every msgid in the code and the templates, with where it stands."""
    found = {}
    for filename, _lineno, message, _comments, _context in extracted():
        if filename.startswith(("scorekeeper", "templates")):
            ids = message if isinstance(message, tuple) else (message,)
            if ids[0]:
                found.setdefault(ids[0], filename)
    return found


def placeholders(text):
    """The %(name)x placeholders of a message."""
    return sorted(re.findall(r"%\(\w+\)[sd]", text))


def plurals():
    """Every msgid the code and templates use with a plural form (ngettext)."""
    found = set()
    for _filename, _lineno, message, _comments, _context in extracted():
        if isinstance(message, tuple) and message[1]:
            found.add(message[0])
    return found


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_has_a_translation(lang):
    known = catalog(lang)
    missing = sorted(f"{where}: {msgid!r}" for msgid, where in messages().items() if msgid not in known)
    assert not missing, f"Missing {lang} for (python -m tests.test_i18n {lang} prints them):\n" + "\n".join(missing)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_plural_message_has_the_plural_forms_of_the_language(lang):
    expected = get_plural(lang).num_plurals
    wrong = sorted(
        m for m in plurals() if not (isinstance(catalog(lang).get(m), tuple) and len(catalog(lang)[m]) == expected)
    )
    assert not wrong, f"Give {lang} {expected} plural forms (msgid_plural, msgstr[0..]) for: {wrong}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_po_file_declares_the_language_and_its_plural_rule(lang):
    files = list(po_files(lang).values())
    assert files
    for path in files:
        with path.open("rb") as f:
            po = read_po(f, locale=lang)
        assert str(po.locale) == lang, path
        assert po.plural_expr == get_plural(lang).plural_expr, f"{path}: Plural-Forms is not {lang}'s"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_their_placeholders(lang):
    for msgid, msgstr in catalog(lang).items():
        for text in msgstr if isinstance(msgstr, tuple) else (msgstr,):
            assert placeholders(text) == placeholders(msgid) or (not placeholders(msgid) and "%(num)d" in text), msgid


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_their_brace_fields(lang):
    """Messages filled in by the page's script ({name}) keep every field."""
    for msgid, msgstr in catalog(lang).items():
        for text in msgstr if isinstance(msgstr, tuple) else (msgstr,):
            assert sorted(set(re.findall(r"\{\w+\}", text))) == sorted(set(re.findall(r"\{\w+\}", msgid))), msgid


def test_the_winner_line_is_french_in_the_singular_and_the_plural():
    from scorekeeper.i18n import plural

    assert plural("Winner: %(names)s", "Winners: %(names)s", 1, "fr").startswith("Gagnant\u202f:")
    assert plural("Winner: %(names)s", "Winners: %(names)s", 2, "fr").startswith("Gagnants\u202f:")
    assert plural("%(num)d round", "%(num)d rounds", 3, "fr") == "%(num)d manches"


if __name__ == "__main__":
    # For translators: `python -m tests.test_i18n [LANG] [PREFIX...]` (from the repository's folder) prints the
    # .po entries still missing in LANG (French unless given), for the files starting with PREFIX.
    import sys

    args = sys.argv[1:]
    lang = args.pop(0) if args and args[0] in TRANSLATED else "fr"
    known = catalog(lang)
    for msgid, where in messages().items():
        if msgid not in known and (not args or where.startswith(tuple(args))):
            escaped = msgid.replace("\\", "\\\\").replace('"', '\\"')
            print(f'#: {where}\nmsgid "{escaped}"\nmsgstr ""\n')


def test_labels_are_translated_in_messages_but_names_never_are():
    from scorekeeper.i18n import describe
    from scorekeeper.rules import N_, problem

    label = problem(N_("%(what)s is missing."), what=N_("Tricks taken"), seat=0)
    assert describe(label, ["Jack"], "fr") == "Jack\u202f: Plis pris : à renseigner."
    named = problem(N_("Two players are named %(name)s: names must differ."), name="Jack")
    assert describe(named, None, "fr") == "Deux joueurs s’appellent Jack : les noms doivent être différents."
