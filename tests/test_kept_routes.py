"""The URL builders of the routes are compiled once per test process (tests/kept_routes.py): each is the very function
werkzeug compiles for the route, and every app's route builds its URLs with it."""

from __future__ import annotations

from werkzeug.routing import Map
from werkzeug.routing.rules import Rule

from tests import kept_routes


def code_of(function) -> tuple:
    """What a compiled function does: its bytecode, constants, names and arguments."""
    code = function.__code__
    return code.co_code, code.co_consts, code.co_names, code.co_varnames, function.__defaults__


def test_each_route_builds_its_urls_with_the_function_werkzeug_compiles_for_it(new_app):
    assert Rule._compile_builder is kept_routes._kept  # as every test runs
    rules = list(new_app.url_map.iter_rules())
    assert len(rules) > 50
    for rule in rules:
        for append_unknown in (False, True):
            kept = rule._compile_builder(append_unknown)
            assert code_of(kept) == code_of(kept_routes._compile_builder(rule, append_unknown)), rule.rule
        assert rule._build.__func__ is kept_routes._kept(rule, False)  # the app's own route uses the kept one


def test_the_same_route_shares_its_builder_and_another_gets_its_own():
    maps = [Map(), Map()]
    same = [Rule("/games/<id>/rounds", endpoint="rounds") for _ in maps]
    for rule, in_map in zip(same, maps, strict=True):
        rule.bind(in_map)
    assert same[0]._build.__func__ is same[1]._build.__func__
    other = Rule("/games/<id>/rounds", endpoint="rounds", defaults={"step": "all"})  # other defaults
    other.bind(Map())
    assert other._build.__func__ is not same[0]._build.__func__
    # a default for a part of the path goes through its converter: compiled each time, as werkzeug does
    given = [Rule("/games/<id>/rounds", endpoint="rounds", defaults={"id": "a"}) for _ in maps]
    for rule, in_map in zip(given, maps, strict=True):
        rule.bind(in_map)
    assert given[0]._build.__func__ is not given[1]._build.__func__
    assert code_of(given[0]._build.__func__) == code_of(kept_routes._compile_builder(given[0], False))
