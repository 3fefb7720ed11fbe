"""Every message a player can read exists in French, with the same placeholders."""

import re
from pathlib import Path

from babel.messages.extract import extract_from_dir

from scorekeeper.i18n import catalog

ROOT = Path(__file__).resolve().parent.parent
KEYWORDS = {"_": None, "N_": None, "gettext": None, "ngettext": (1, 2)}
METHODS = [("scorekeeper/**.py", "python"), ("templates/**.html", "jinja2.ext:babel_extract")]
OPTIONS = {"templates/**.html": {"extensions": "jinja2.ext.i18n", "trim_blocks": "True", "lstrip_blocks": "True"}}


def messages():
    """Every msgid in the code and the templates, with where it stands."""
    found = {}
    for filename, _lineno, message, _comments, _context in extract_from_dir(
        ROOT, METHODS, options_map=OPTIONS, keywords=KEYWORDS
    ):
        if filename.startswith(("scorekeeper", "templates")):
            ids = message if isinstance(message, tuple) else (message,)
            if ids[0]:
                found.setdefault(ids[0], filename)
    return found


def placeholders(text):
    """The %(name)x placeholders of a message."""
    return sorted(re.findall(r"%\(\w+\)[sd]", text))


def test_every_message_has_a_french_translation():
    french = catalog("fr")
    missing = sorted(f"{where}: {msgid!r}" for msgid, where in messages().items() if msgid not in french)
    assert not missing, "Missing French for:\n" + "\n".join(missing)


def test_translations_keep_their_placeholders():
    for msgid, msgstr in catalog("fr").items():
        for text in msgstr if isinstance(msgstr, tuple) else (msgstr,):
            assert placeholders(text) == placeholders(msgid) or (not placeholders(msgid) and "%(num)d" in text), msgid


def test_the_winner_line_is_french_in_the_singular_and_the_plural():
    from scorekeeper.i18n import plural

    assert plural("Winner: %(names)s", "Winners: %(names)s", 1, "fr").startswith("Gagnant\u202f:")
    assert plural("Winner: %(names)s", "Winners: %(names)s", 2, "fr").startswith("Gagnants\u202f:")
    assert plural("%(num)d round", "%(num)d rounds", 3, "fr") == "%(num)d manches"


if __name__ == "__main__":
    # For translators: `python tests/test_i18n.py PREFIX...` prints .po entries still missing for those files.
    import sys

    french = catalog("fr")
    for msgid, where in messages().items():
        if msgid not in french and (len(sys.argv) < 2 or where.startswith(tuple(sys.argv[1:]))):
            escaped = msgid.replace("\\", "\\\\").replace('"', '\\"')
            print(f'#: {where}\nmsgid "{escaped}"\nmsgstr ""\n')


def test_labels_are_translated_in_messages_but_names_never_are():
    from scorekeeper.i18n import describe
    from scorekeeper.rules import N_, problem

    label = problem(N_("%(what)s is missing."), what=N_("Tricks taken"), seat=0)
    assert describe(label, ["Jack"], "fr") == "Jack\u202f: Plis pris : à renseigner."
    named = problem(N_("Two players are named %(name)s: names must differ."), name="Jack")
    assert describe(named, None, "fr") == "Deux joueurs s’appellent Jack : les noms doivent être différents."
