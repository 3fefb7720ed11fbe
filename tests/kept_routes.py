"""The URL builders of the app's routes, compiled once per test process: werkzeug writes, for each route of each app
built, two Python functions that build its URLs and compiles them (Rule._compile_builder: an AST put together and
compiled, half of building an app, 13-15 ms of 27-29). A test run builds about a hundred apps (one per setting in
test_settings.py, the browser tests' live servers, ...), each with the same routes.

What werkzeug compiles is a function of the route's text, its trace (the parts, static or not, in order), its
defaults and whether unknown arguments go to the query string; the function takes the route as its first argument
(werkzeug binds it to each route). So the same inputs give the same function, and one compiled function serves
every app's route alike (tests/test_kept_routes.py compares each with what werkzeug compiles). A default given to a
part of the path goes through that part's converter: such a route is compiled each time, as before."""

from __future__ import annotations

from collections.abc import Callable

from werkzeug.routing.rules import Rule

COMPILED: dict[tuple, Callable[..., tuple[str, str]]] = {}
_compile_builder = Rule._compile_builder  # werkzeug's own


def _kept(rule: Rule, append_unknown: bool = True) -> Callable[..., tuple[str, str]]:
    """The URL builder werkzeug compiles for `rule`, compiled once for its inputs."""
    defaults = rule.defaults or {}
    if any(is_dynamic and data in defaults for is_dynamic, data in rule._trace):
        return _compile_builder(rule, append_unknown)
    key = (rule.rule, tuple(rule._trace), tuple((k, repr(v)) for k, v in defaults.items()), append_unknown)
    if key not in COMPILED:
        COMPILED[key] = _compile_builder(rule, append_unknown)
    return COMPILED[key]


def keep() -> None:
    """Build every app's URLs with the builders compiled once."""
    Rule._compile_builder = _kept  # type: ignore[method-assign,assignment]
