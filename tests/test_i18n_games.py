"""Each game's words stand on their own: every message a game's own files use is translated by the game's own
.po file (its folder's translations/<lang>.po) or by a shared one (common.po, sheets.po... words every game uses by
design), never by another game's; so removing a game's .po breaks no other game. Where two games say the same
thing they say it alike. The .po files need no header: the language's plural rule is Babel's."""

from __future__ import annotations

import functools
from types import MappingProxyType

import pytest
from babel.messages.pofile import read_po

from scorekeeper import registry
from scorekeeper.i18n import po_files
from tests.messages import ROOT, extracted
from tests.test_i18n import TRANSLATED

GAMES = [pytest.param(bundle, id=bundle.id) for bundle in registry.GAMES]


def owner(filename: str) -> str | None:
    """The game a file of the code or the templates belongs to (any file of its folder), or None for shared
    code."""
    path = (ROOT / filename).resolve()
    return next((b.id for b in registry.GAMES if path.is_relative_to(b.folder.resolve())), None)


@functools.cache
def used() -> MappingProxyType:
    """The msgids each game's own files use (None: the shared code's); worked out once per test process (the
    owner of each of some 2,000 messages, for each of the 24 tests, cost a quarter of a second)."""
    found: dict[str | None, set[str]] = {}
    for filename, _lineno, message, _comments, _context in extracted():
        if filename.startswith(("scorekeeper", "templates")):
            key = message[0] if isinstance(message, tuple) else message
            if key:
                found.setdefault(owner(filename), set()).add(key)
    return MappingProxyType({game: frozenset(ids) for game, ids in found.items()})


@functools.cache
def area(lang: str, name: str) -> MappingProxyType:
    """msgid -> msgstr of one .po file (read once per test process: each of the 24 tests read them all)."""
    path = po_files(lang).get(name)
    if path is None:
        return MappingProxyType({})
    with path.open("rb") as f:
        return MappingProxyType(
            {
                (m.id if isinstance(m.id, str) else m.id[0]): m.string
                for m in read_po(f, locale=lang)
                if m.id and m.string
            }
        )


@functools.cache
def shared(lang: str) -> frozenset[str]:
    """The msgids the shared .po files translate (every file that is no game's)."""
    ids = set(registry.ids())
    return frozenset(msgid for name in po_files(lang) if name not in ids for msgid in area(lang, name))


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("bundle", GAMES)
def test_a_game_s_words_are_its_own_or_shared(bundle, lang):
    own, common = area(lang, bundle.domain), shared(lang)
    borrowed = sorted(m for m in used().get(bundle.id, set()) if m not in own and m not in common)
    assert not borrowed, f"{bundle.translation(lang)} lacks (another game's file has them): {borrowed}"


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("bundle", GAMES)
def test_removing_a_game_s_words_leaves_the_others_and_the_shared_code_translated(bundle, lang):
    rest = shared(lang).union(*(area(lang, b.domain) for b in registry.GAMES if b.id != bundle.id))
    needed = set().union(*(ids for game, ids in used().items() if game != bundle.id))
    lost = sorted(needed - rest)
    assert not lost, f"without {bundle.translation(lang)} these lose their {lang}: {lost}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_two_games_saying_the_same_thing_say_it_alike(lang):
    seen: dict[str, tuple[str, object]] = {}
    differ = []
    for bundle in registry.GAMES:
        for msgid, msgstr in area(lang, bundle.domain).items():
            if msgid in seen and seen[msgid][1] != msgstr:
                differ.append(f"{msgid!r}: {seen[msgid][0]} and {bundle.id}")
            seen.setdefault(msgid, (bundle.id, msgstr))
    assert not differ, f"one catalogue holds one translation of each: {differ}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_shared_code_s_words_are_in_the_shared_files(lang):
    """What every game's page or sheet says (macros.html, the views, the sheets' frame) is common by design."""
    lent = sorted(used().get(None, set()) - shared(lang))
    assert not lent, f"in a game's .po only, though shared code says them (move them to common.po): {lent}"
