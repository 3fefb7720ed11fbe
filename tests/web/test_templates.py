"""The templates draw what the rules give: no loop over a number written in a template or over what was
posted, game macros take what they use as parameters, and a hostile number posted to any round form
comes back as a quick, small refusal."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from scorekeeper import registry
from tests import pick
from tests.markup import parse
from tests.samples import Posts, all_fields, enter, normalised, sample
from tests.samples import first as first_rounds
from tests.samples import start as start_game

from .helpers import post_round

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
GAMES = sorted(b.folder / "board.html" for b in registry.GAMES)
HUGE = "1" + "0" * 24
ENORMOUS = "9" * 5000


def _sources():
    found = {path.relative_to(TEMPLATES).as_posix(): path.read_text() for path in TEMPLATES.rglob("*.html")}
    return found | {b.template: (b.folder / "board.html").read_text() for b in registry.GAMES}


def _range_calls(source: str) -> list[str]:
    """The argument text of every range(...) call in a template (nested parentheses included)."""
    calls = []
    for match in re.finditer(r"\brange\(", source):
        depth, k = 1, match.end()
        while depth and k < len(source):
            depth += {"(": 1, ")": -1}.get(source[k], 0)
            k += 1
        calls.append(source[match.end() : k - 1])
    return calls


def test_no_template_loops_over_a_number_it_writes_itself():
    found = [
        f"{name}: range({args})"
        for name, source in _sources().items()
        for args in _range_calls(source)
        if re.search(r"(?<![\w.])\d", args)
    ]
    assert not found, "numbers a rule gives belong in the rules' entry:\n" + "\n".join(found)


def test_no_template_loops_over_what_was_posted():
    posted = r"\b(posted|request|form)\b"
    found = [
        f"{name}: range({args})"
        for name, source in _sources().items()
        for args in _range_calls(source)
        if re.search(posted, args)
    ]
    found += [
        f"{name}: {m.group(0)}"
        for name, source in _sources().items()
        for m in re.finditer(r"{%-?\s*for\s[^%]*\bin\s+(posted|request)\b[^%]*%}", source)
    ]
    assert not found, "a posted value may only select among the values the rules give:\n" + "\n".join(found)


def test_game_macros_are_imported_without_the_page_context_and_no_game_imports_another():
    for name, source in _sources().items():
        assert "with context" not in source, name
    for path in GAMES:
        imported = re.findall(r"{%-?\s*(?:import|from)\s+\"([^\"]+)\"", path.read_text())
        assert all(not target.startswith("games/") for target in imported), (path.name, imported)


# -- a hostile number, posted to any round form ------------------------------------------------------


@pytest.fixture
def ranges(app):
    """Every range() a template builds, as (start, stop) pairs: replaces the templates' range."""
    built = []

    def recording(*args):
        built.append(args)
        return range(*args)

    app.jinja_env.globals["range"] = recording
    return built


def _refused_quickly(response, elapsed, ranges):
    """A 4xx, in a moment of processor time (the wall clock depends on the machine's load), a page of
    ordinary size, and no loop longer than a deck."""
    assert 400 <= response.status_code < 500, response.status_code
    assert elapsed < 2, f"{elapsed:.1f} s of processor time"
    assert len(response.get_data()) < 300_000
    assert all(max(map(abs, args)) <= 100 for args in ranges), [a for a in ranges if max(map(abs, a)) > 100]


def _correction(client, url, number):
    """The correction page's `was` field, as a phone that opened it would send it back."""
    return parse(client.get(f"{url}/rounds/{number}/edit").get_data()).value("was")


RENEGES = sample(pick.game(pick.counts_reneges)).GAME  # its sample: the table, and a first round to type in


@pytest.mark.parametrize("value", [HUGE, ENORMOUS])
def test_a_huge_reneges_count_gets_a_quick_small_refusal_on_the_tricks_step(client, ranges, value):
    url = start_game(client, RENEGES)
    *before, (step, fields) = pick.posts(RENEGES, 1)
    for earlier, said in before:
        post_round(client, url, 1, earlier, said)
    fields = {**fields, "reneges.0": value}
    began = time.process_time()
    response = post_round(client, url, 1, step, fields)
    _refused_quickly(response, time.process_time() - began, ranges)
    assert response.status_code == 422
    assert client.get(url + "/export.json").get_json()["rounds"] == []  # nothing stored


@pytest.mark.parametrize("value", [HUGE, ENORMOUS])
def test_a_huge_reneges_count_gets_a_quick_small_refusal_on_the_correction_form(client, ranges, value):
    url = enter(client, first_rounds(RENEGES, 1))
    counted = normalised(RENEGES)[0]["reneges"]
    data = {"was": _correction(client, url, 1), **all_fields(pick.posts(RENEGES, 1)), "reneges.0": value}
    began = time.process_time()
    response = client.post(f"{url}/rounds/1", data=data)
    _refused_quickly(response, time.process_time() - began, ranges)
    assert response.status_code == 422
    assert client.get(url + "/export.json").get_json()["rounds"][0]["reneges"] == counted


# every registered game's first sample round, as its form posts it; every field is then replaced by a huge number
GAMES_ = [pytest.param(bundle.id, id=bundle.id) for bundle in registry.GAMES]


def _first_round(rules_id: str) -> Posts:
    """The posts that enter the first round of the game's sample."""
    game = sample(rules_id).GAME
    return sample(rules_id).posts(game["rounds"][0], game)


CHECKBOXES = ("nothing.", "folded.")  # ticked whatever their value: not numbers


@pytest.mark.parametrize("rules_id", GAMES_)
@pytest.mark.parametrize("value", [HUGE, ENORMOUS])
def test_a_huge_number_in_any_field_of_any_round_form_is_refused_quickly(client, ranges, rules_id, value):
    url = start_game(client, {**sample(rules_id).GAME, "rounds": []})
    posts = _first_round(rules_id)
    *earlier, (step, fields) = posts
    for first, data in earlier:
        assert post_round(client, url, 1, first, data).status_code == 303
    for name in [n for n in fields if not n.startswith(CHECKBOXES)]:
        ranges.clear()
        began = time.process_time()
        response = post_round(client, url, 1, step, {**fields, name: value})
        _refused_quickly(response, time.process_time() - began, ranges)
    assert client.get(url + "/export.json").get_json()["rounds"] == []
    # the same round stored, then corrected with each field huge
    assert post_round(client, url, 1, step, fields).status_code == 303
    was = _correction(client, url, 1)
    every = all_fields(posts)
    for name in [n for n in every if not n.startswith(CHECKBOXES)]:
        ranges.clear()
        began = time.process_time()
        response = client.post(f"{url}/rounds/1", data={"was": was, **every, name: value})
        _refused_quickly(response, time.process_time() - began, ranges)


def test_views_pass_what_their_templates_draw_with(app):
    """A template's values come from the view that draws it (the share panel's links, the chart, a record's
    numbers, the paper a sheet is offered on), not from globals every template sees: the views register only those
    every page's header asks (base.html), and no context processor."""
    from_views = {
        name
        for name, value in app.jinja_env.globals.items()
        if getattr(value, "__module__", "").startswith("scorekeeper.views")
    }
    # the board's lineup helpers (changes_said, sat_out) are passed by the game page's view, sat_out in the view
    # dict that macros.html, imported without the page's context, is given
    assert from_views == {"here", "theme"}
    processors = [p for ps in app.template_context_processors.values() for p in ps]
    assert not [p for p in processors if p.__module__.startswith("scorekeeper.views")]
