"""What Babel finds in the code and the templates, read once per test process for every test that asks
(tests/test_i18n.py, test_i18n_games.py, test_plurals.py): pytest imports a test module under its own name,
so a cache kept in one of them was filled again by the others, which import it as tests.<module>."""

from __future__ import annotations

import functools
from pathlib import Path

from babel.messages.extract import extract_from_dir

ROOT = Path(__file__).resolve().parent.parent
KEYWORDS = {"_": None, "N_": None, "Nn_": (1, 2), "gettext": None, "ngettext": (1, 2)}
JINJA = "jinja2.ext:babel_extract"
METHODS = [("scorekeeper/**.py", "python"), ("scorekeeper/**.html", JINJA), ("templates/**.html", JINJA)]
TEMPLATE_OPTIONS = {"extensions": "jinja2.ext.i18n", "trim_blocks": "True", "lstrip_blocks": "True"}
OPTIONS = {"scorekeeper/**.html": TEMPLATE_OPTIONS, "templates/**.html": TEMPLATE_OPTIONS}


@functools.cache
def extracted() -> tuple:
    """What Babel finds in the code and the templates: (file, line, message, comments, context) each; read
    once for all the tests (half a second each time)."""
    return tuple(extract_from_dir(ROOT, METHODS, options_map=OPTIONS, keywords=KEYWORDS))
