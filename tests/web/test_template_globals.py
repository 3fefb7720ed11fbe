"""A block that imports macros (as every block of a page does, for htmx to draw it alone) finds the names the app
and the importing page give it, as Jinja's own globals map gave them, and pays no lookup of the app's names one by
one for it (scorekeeper.Templates)."""

from __future__ import annotations

from collections import ChainMap

import pytest
from jinja2 import ChoiceLoader, DictLoader

SHOUT = "{% macro shout() %}{{ word|upper }} {{ place }}{% endmacro %}"


@pytest.fixture
def shouting(new_app):
    """An app whose templates include shout.html, a macro that writes the globals `word` and `place`."""
    env = new_app.jinja_env
    env.loader = ChoiceLoader([DictLoader({"shout.html": SHOUT}), env.loader])
    return new_app


def drawn(app, source: str, **page_globals) -> str:
    """`source`, a page with globals of its own, drawn in a request."""
    with app.test_request_context("/"):
        return app.jinja_env.from_string(source, globals=page_globals).render()


def test_imported_macros_see_the_apps_globals_and_the_importing_pages_own(shouting):
    shouting.jinja_env.globals["place"] = "table 4"
    page = "{% import 'shout.html' as s %}{{ s.shout() }}"
    assert drawn(shouting, page) == " table 4"
    assert drawn(shouting, page, word="round") == "ROUND table 4"  # the page's own global is passed on
    assert drawn(shouting, page) == " table 4"
    names = shouting.jinja_env.get_template("shout.html").globals
    assert list(names.keys()) == list(ChainMap(*names.maps).keys())  # every name, in Jinja's order


def test_an_import_asks_no_name_of_the_globals_one_by_one(app, monkeypatch):
    asked = []
    contains = ChainMap.__contains__

    def counted(self, key):
        asked.append(key)
        return contains(self, key)

    monkeypatch.setattr(ChainMap, "__contains__", counted)
    page = "{% import 'macros.html' as m %}{% import 'macros.html' as again %}done"
    assert drawn(app, page) == "done"
    assert asked == []
