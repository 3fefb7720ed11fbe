"""French and English: the language of each request, and the catalogues that translate into French.

Messages are written in English in the code and templates; `translations/fr/*.po` (one file per area,
so each game keeps its own words) hold the French. The .po files are read directly at start-up, so
there is no compile step to forget.
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path

from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from flask import g, request

from .rules import Problem
from .rules.base import Msgid

LANGUAGES = ("fr", "en")
DEFAULT = "fr"  # most players of these games speak French
COOKIE = "lang"
HERE = Path(__file__).parent / "translations"


@cache
def catalog(lang: str) -> dict:
    """msgid -> msgstr (or a tuple of plural forms) for `lang`, from every .po file of that language."""
    messages: dict = {}
    for path in sorted((HERE / lang).glob("*.po")):
        with path.open("rb") as f:
            for message in read_po(f, locale=lang):
                if not message.id or not message.string or message.fuzzy:
                    continue
                key = message.id if isinstance(message.id, str) else message.id[0]
                if isinstance(messages.get(key), tuple) and not isinstance(message.string, tuple):
                    continue  # another area's singular-only copy must not hide the plural forms
                messages[key] = message.string
    return messages


def choose(cookie: str | None, accept) -> str:
    """The language: the player's own choice, else the browser's, else French."""
    if cookie in LANGUAGES:
        return cookie
    return accept.best_match(LANGUAGES, default=DEFAULT) if accept else DEFAULT


def current() -> str:
    """The language of the current request."""
    if "lang" not in g:
        g.lang = choose(request.cookies.get(COOKIE), request.accept_languages)
    return g.lang


def translate(message: str, lang: str | None = None) -> str:
    """One message in `lang` (the request's language by default)."""
    lang = lang or current()
    if lang == "en":
        return message
    found = catalog(lang).get(message)
    if isinstance(found, tuple):
        found = found[0]
    return found or message


def gettext(message: str, lang: str | None = None, **params) -> str:
    """Translate, then fill %(name)s parameters; string parameters that are msgids are translated too."""
    text = translate(message, lang)
    if not params:
        return text
    # labels passed as parameters are translated too; names never are, even a player called "Jack"
    filled = {k: translate(v, lang) if isinstance(v, Msgid) else v for k, v in params.items()}
    return text % filled


def ngettext(singular: str, plural_: str, n: int, lang: str | None = None, **params) -> str:
    """The singular or plural form for `n` (French treats 0 and 1 as singular), filled in."""
    return plural(singular, plural_, n, lang) % {"num": n, **params}


def describe(p: Problem, names: list[str] | None = None, lang: str | None = None) -> str:
    """A problem as a player reads it: "Round 3, Anne: the bid must be ..."."""
    text = gettext(p.message, lang, **p.fill())
    where = []
    if p.round is not None:
        where.append(gettext("Round %(round)d", lang, round=p.round))
    if p.seat is not None and names and 0 <= p.seat < len(names):
        where.append(names[p.seat])
    colon = "\u202f: " if (lang or current()) == "fr" else ": "  # French sets a thin space before a colon
    return f"{', '.join(where)}{colon}{text}" if where else text


def number(value, lang: str | None = None) -> str:
    """A number written the way the language writes it."""
    if value is None:
        return ""
    return _decimal(value, lang or current())


@lru_cache(maxsize=4096, typed=True)
def _decimal(value, lang: str) -> str:
    """Babel's writing of a number, kept: a board writes the same few numbers many times (bench: a quarter
    of a game page's time went to Babel)."""
    # a true minus sign: the hyphen is easy to miss on a small screen
    return format_decimal(value, locale=lang).replace("-", "−")


def signed(value, lang: str | None = None) -> str:
    """A score change with its sign: +9, −20, 0."""
    if value is None:
        return ""
    text = number(abs(value), lang)
    return f"+{text}" if value > 0 else f"−{text}" if value < 0 else text


def plural(singular: str, plural_: str, n: int, lang: str | None = None) -> str:
    """The translated singular or plural form for `n`, not yet filled in."""
    lang = lang or current()
    one = n in (0, 1) if lang == "fr" else n == 1
    if lang == "en":
        return singular if one else plural_
    found = catalog(lang).get(singular)
    if isinstance(found, tuple):
        return found[0] if one else found[-1]
    return translate(singular, lang) if one else translate(plural_, lang)


def init_app(app) -> None:
    """Give templates _ and ngettext (Jinja fills and escapes the parameters), describe and number filters."""
    app.jinja_env.add_extension("jinja2.ext.i18n")
    app.jinja_env.trim_blocks = app.jinja_env.lstrip_blocks = True
    app.jinja_env.install_gettext_callables(lambda message: translate(message), plural, newstyle=True)
    app.jinja_env.globals.update(describe=describe, current_lang=current, translate=translate)
    app.jinja_env.filters.update(num=number, signed=signed, translate=translate)
