"""French, English and German: the language of each request, and the catalogues that translate.

Messages are written in English in the code and templates; `translations/LANG/*.po` (one file per area)
and each game's `games/<module>/translations/LANG.po` hold the French and the German. A game's file holds
only its own words;
words every game uses by design (a Score column, a Bid) live in common.po, so removing one game's file
takes nothing from another (tests/test_i18n_games.py). The .po files are read directly at start-up, so
there is no compile step to forget, and need no header: plural forms follow the language's rule as Babel
knows it, dates are written by Babel in the language's own way.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from functools import cache, lru_cache
from io import BytesIO
from pathlib import Path

from babel import Locale
from babel.dates import format_date
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, get_decimal_symbol
from babel.support import Translations
from flask import g, request
from jinja2.nodes import EvalContext
from jinja2.utils import pass_eval_context
from markupsafe import Markup

from . import registry
from .rules.problems import Msgid, Plural, Problem, msgid

LANGUAGES = ("fr", "en", "de")  # a new language: its code here and translations/CODE/*.po
DEFAULT = "fr"  # most players of these games speak French
COOKIE = "lang"
HERE = Path(__file__).parent / "translations"


@cache
def name(lang: str) -> str:
    """A language's name as its speakers write it: Français, English, Deutsch; kept (Babel took 70 µs to say it,
    and every page's language menu says each name)."""
    text = Locale.parse(lang).get_display_name(lang) or lang
    return text[:1].upper() + text[1:]


def po_files(lang: str) -> dict[str, Path]:
    """Every .po file of `lang` by its area (its name: common, history, a game's id), in the areas' order:
    the shared ones of translations/LANG/, and each registered game's own."""
    found = {path.stem: path for path in (HERE / lang).glob("*.po")}
    found |= {game.domain: path for game in registry.GAMES if (path := game.translation(lang)).is_file()}
    return dict(sorted(found.items()))


@cache
def catalog(lang: str) -> dict:
    """msgid -> msgstr (or a tuple of plural forms) for `lang`, from every .po file of that language."""
    messages: dict = {}
    for path in po_files(lang).values():
        with path.open("rb") as f:
            for message in read_po(f, locale=lang):
                if not message.id or not message.string or message.fuzzy:
                    continue
                key = message.id if isinstance(message.id, str) else message.id[0]
                if isinstance(messages.get(key), tuple) and not isinstance(message.string, tuple):
                    continue  # another area's singular-only copy must not hide the plural forms
                messages[key] = message.string
    return messages


@cache
def translations(lang: str) -> Translations:
    """Every .po file of `lang` compiled in memory into one gettext catalogue, which knows the language's
    plural rule from the files' Plural-Forms header."""
    merged = None
    for domain, path in po_files(lang).items():
        with path.open("rb") as f:
            po = read_po(f, locale=lang)
        mo = BytesIO()
        write_mo(mo, po)
        mo.seek(0)
        area = Translations(mo, domain=domain)
        # merge() takes the messages, not the plural rule: the first file's is kept (every file has the same)
        merged = area if merged is None else merged.merge(area)
    return merged or Translations()


def choose(cookie: str | None, accept) -> str:
    """The language: the player's own choice, else the browser's, else French."""
    if cookie in LANGUAGES:
        return cookie
    for tag, quality in accept or ():  # best first; de-CH asks for German even when French comes next
        lang = tag.replace("_", "-").split("-")[0].lower()
        if quality > 0 and lang in LANGUAGES:
            return lang
    return DEFAULT


def current() -> str:
    """The language of the current request."""
    here = g._get_current_object()  # once: every message of a page asks (each access to `g` finds the request)
    try:
        return here.lang
    except AttributeError:
        here.lang = choose(request.cookies.get(COOKIE), request.accept_languages)
        return here.lang


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
    return text % _labels(params, lang)


def _labels(params: dict, lang: str | None) -> dict:
    """The parameters of a message: labels passed as parameters are translated too; names never are, even a
    player called "Jack"."""
    return {k: translate(v, lang) if isinstance(v, Msgid) else v for k, v in params.items()}


def ngettext(singular: str, plural_: str, n: int, /, lang: str | None = None, **params) -> str:
    """The singular or plural form for `n` (French treats 0 and 1 as singular), filled in; a message's own
    parameters may share a name with the first three (a pack's refusal names its players `n`)."""
    return plural(singular, plural_, n, lang) % {"num": n, **_labels(params, lang)}


def say(text: str | Plural, lang: str | None = None, **params) -> str:
    """A message translated and filled in, a Plural by its count (`num`) in the language's plural rule."""
    if isinstance(text, Plural):
        return ngettext(text[0], text[1], params.pop("num"), lang, **params)
    return gettext(text, lang, **params)


def describe(p: Problem, names: list[str] | None = None, lang: str | None = None, situated: bool = True) -> str:
    """A problem as a player reads it: "Round 3, Anne: the bid must be ..." (without where it is, for a
    message drawn beside the player's own fields: `situated=False`)."""
    text = say(p.message, lang, **p.fill())
    return f"{where(p, names, lang)}{text}" if situated else text


def where(p: Problem, names: list[str] | None = None, lang: str | None = None) -> str:
    """Where a problem is, said before it: "Round 3, Anne: ", or "" when it names no round or player. A
    message that names its round itself is not told it twice ("Round 6 was already saved")."""
    parts = []
    if p.round is not None and "%(round)" not in msgid(p.message):
        parts.append(gettext("Round %(round)d", lang, round=p.round))
    if p.seat is not None and names and 0 <= p.seat < len(names):
        parts.append(names[p.seat])
    colon = "\u202f: " if (lang or current()) == "fr" else ": "  # French sets a thin space before a colon
    return f"{', '.join(parts)}{colon}" if parts else ""


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


def tenths(value, lang: str | None = None) -> str:
    """A number with exactly one decimal, as the language writes it: 75,0 · 75.0 (a club night's averages)."""
    lang = lang or current()
    if isinstance(value, Decimal) and -1000 < value < 1000:  # no thousands to group: a leaderboard's 0 to 100
        return f"{value:.1f}".replace(".", _decimal_symbol(lang)).replace("-", "−")
    return format_decimal(value, "#,##0.0", locale=lang)


@cache
def _decimal_symbol(lang: str) -> str:
    """The language's decimal mark: "," or "."."""
    return get_decimal_symbol(lang)


def signed(value, lang: str | None = None) -> str:
    """A score change with its sign: +9, −20, 0."""
    if value is None:
        return ""
    text = number(abs(value), lang)
    return f"+{text}" if value > 0 else f"−{text}" if value < 0 else text


def plural(singular: str, plural_: str, n: int, lang: str | None = None) -> str:
    """The translated form for `n` by the language's plural rule (French: 0 and 1 are singular; German and
    English: only 1), not yet filled in."""
    lang = lang or current()
    if lang == "en":
        return singular if n == 1 else plural_
    if isinstance(catalog(lang).get(singular), tuple):
        return translations(lang).ngettext(singular, plural_, n)
    # a plural kept as two plain messages: the language's rule picks which
    return translate(singular if translations(lang).plural(n) == 0 else plural_, lang)


def day(value: str | date | None, lang: str | None = None) -> str:
    """A date (or an ISO timestamp) as the language writes it: 5 mars 2026, Mar 5, 2026, 05.03.2026."""
    if not value:
        return ""
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    if isinstance(value, datetime):
        value = value.date()
    return format_date(value, "medium", locale=lang or current())


@pass_eval_context
def _template_gettext(context: EvalContext, message: str, /, **params) -> str:
    """A template's _() and {% trans %}, as Jinja's own newstyle gettext answers (escaped where the template
    escapes, always filled in, so "%%" is "%"), called at once: Jinja's went through three calls of the
    template's context, a tenth of a game page's time (tests/web/test_template_messages.py)."""
    text = translate(message)
    if context.autoescape:
        text = Markup(text)
    return text % params if params or "%" in text else text  # most have nothing to fill in: nothing to format


@pass_eval_context
def _template_ngettext(context: EvalContext, singular: str, plural_: str, count: int, /, **params) -> str:
    """A template's ngettext() and {% trans count=... %}, as Jinja's own newstyle ngettext answers (a `num` the
    template gives is the one filled in)."""
    params.setdefault("num", count)
    text = plural(singular, plural_, count)
    return (Markup(text) if context.autoescape else text) % params


def init_app(app) -> None:
    """Give templates _ and ngettext (Jinja fills and escapes the parameters), describe and number filters."""
    app.jinja_env.add_extension("jinja2.ext.i18n")
    app.jinja_env.trim_blocks = app.jinja_env.lstrip_blocks = True
    app.jinja_env.install_gettext_callables(lambda message: translate(message), plural, newstyle=True)
    # what the extension installed, answered in one call (its `_` looked up `gettext` in the context, then called it)
    app.jinja_env.globals.update(_=_template_gettext, gettext=_template_gettext, ngettext=_template_ngettext)
    app.jinja_env.globals.update(
        describe=describe,
        where=where,
        current_lang=current,
        translate=translate,
        languages=LANGUAGES,
        language_name=name,
    )
    app.jinja_env.filters.update(num=number, signed=signed, translate=translate, day=day)
