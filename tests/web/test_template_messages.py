"""A template's messages (_, ngettext, {% trans %}) read as Jinja's own newstyle gettext wrote them: translated
into the request's language, the parameters escaped and filled in, "%%" a percent sign; and each costs the page
one call, not the three Jinja's own wrappers made (scorekeeper/i18n.py). The language menu's names are Babel's,
asked once."""

from __future__ import annotations

from types import SimpleNamespace

import jinja2.runtime
import pytest
from markupsafe import Markup

from scorekeeper import i18n
from tests.markup import parse

GERMAN = {"Accept-Language": "de"}


def drawn(app, source: str, headers: dict | None = None, **values) -> str:
    """`source` drawn as the app draws its pages' templates, in a request sent with `headers`."""
    with app.test_request_context("/", headers=headers or {}):
        return app.jinja_env.from_string(source).render(**values)


@pytest.mark.parametrize(
    ("source", "shown"),
    [
        ("{{ _('Round %(round)d', round=3) }}", "Runde 3"),
        ("{% trans names='Anne' %}Winner: {{ names }}{% endtrans %}", "Gewinner: Anne"),
        ("{{ ngettext('%(num)d round', '%(num)d rounds', 1) }}", "1 Runde"),
        ("{{ ngettext('%(num)d round', '%(num)d rounds', 5) }}", "5 Runden"),
        (
            "{% trans count=2, names='A, B' %}Winner: {{ names }}{% pluralize %}Winners: {{ names }}{% endtrans %}",
            "Gewinner: A, B",
        ),
        ("{{ _('Not a message of ours: 100%%') }}", "Not a message of ours: 100%"),
    ],
)
def test_a_template_message_is_translated_and_filled_in(app, source, shown):
    assert drawn(app, source, GERMAN) == shown


def test_a_parameter_is_escaped_where_the_page_escapes_and_as_it_is_elsewhere(app):
    source = "{{ _('Winner: %(names)s', names=name) }}"
    assert drawn(app, source, GERMAN, name="<b>Anne</b>") == "Gewinner: &lt;b&gt;Anne&lt;/b&gt;"
    plain = "{% autoescape false %}" + source + "{% endautoescape %}"
    assert drawn(app, plain, GERMAN, name="<b>Anne</b>") == "Gewinner: <b>Anne</b>"


def test_a_plural_names_its_count_unless_the_message_gives_num_itself(app):
    assert drawn(app, "{{ ngettext('%(num)s round', '%(num)s rounds', 3) }}") == "3 rounds"
    assert drawn(app, "{{ ngettext('%(num)s round', '%(num)s rounds', 3, num='three') }}") == "three rounds"


def test_a_message_costs_the_page_one_call(app, monkeypatch):
    calls = []
    counted = jinja2.runtime.Context.call

    def call(context, obj, *args, **kwargs):
        calls.append(obj)
        return counted(context, obj, *args, **kwargs)

    monkeypatch.setattr(jinja2.runtime.Context, "call", call)
    drawn(app, "{{ _('Round %(round)d', round=3) }} {{ ngettext('%(num)d round', '%(num)d rounds', 2) }}", GERMAN)
    assert len(calls) == 2


def test_a_message_with_nothing_to_fill_in_is_not_formatted(app, monkeypatch):
    formatted = []
    markup_format = Markup.__mod__
    monkeypatch.setattr(Markup, "__mod__", lambda text, params: formatted.append(text) or markup_format(text, params))
    assert drawn(app, "{{ _('Language') }}: {{ _('100%%') }}", GERMAN) == "Sprache: 100%"
    assert formatted == ["100%%"]  # "%%" is still written "%"


def test_the_language_menu_names_each_language_in_its_own_words_asking_babel_once(client, monkeypatch):
    asked = []
    babel_parse = i18n.Locale.parse

    def counted(lang, *args, **kwargs):
        asked.append(lang)
        return babel_parse(lang, *args, **kwargs)

    getattr(i18n.name, "cache_clear", lambda: None)()  # what an earlier test kept
    monkeypatch.setattr(i18n, "Locale", SimpleNamespace(parse=counted))  # the menu's: Babel's own calls are not counted
    for _ in range(2):
        menu = parse(client.get("/", headers=GERMAN).get_data()).first("details", class_="lang").first("nav")
        assert [item.text() for item in menu.all() if "lang" in item.attrs] == ["Français", "English", "Deutsch"]
    assert sorted(asked) == ["de", "en", "fr"]  # once each, not four names on every page
