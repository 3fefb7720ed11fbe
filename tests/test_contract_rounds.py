"""The contract, round by round: what every registered game's pieces must agree on, checked on its sample.

- The rules score the sample as its SCORES say (worked out by hand from RULES.md).
- The form reader's `fields(round)` is the reverse of `read`: the fields it gives read back as the same
  round (undo and corrections put a stored round back on the form with it).
- The form offers nothing the rules refuse: every chip of every step's form, of the correction form,
  and every box's bounds, picked alone, is taken by the form reader and the rules (tricks beyond the hand
  size, a stake beyond what the rules allow... fail here).

Each failure names the file and the piece to fix."""

from __future__ import annotations

import re

import pytest
from werkzeug.datastructures import MultiDict

from scorekeeper import forms, gamefile, registry, rules
from scorekeeper.i18n import describe
from scorekeeper.rules import Game, Invalid, Problem
from tests import pick
from tests.contract import named
from tests.markup import parse
from tests.samples import all_fields, post_round, sample, start

GAMES = [pytest.param(bundle, id=bundle.id) for bundle in registry.GAMES]


def _where(bundle: registry.Bundle, layer: str) -> str:
    """The file of a game's piece, as a contributor finds it."""
    if layer == "sample":
        return f"tests/games/{bundle.module}/sample.py"
    file = {"rules": "rules.py", "forms": "form.py", "sheets": "sheet.py", "template": "board.html"}[layer]
    return f"scorekeeper/games/{bundle.module}/{file}"


def _game(document: dict, rounds: int) -> Game:
    """The sample game with its first `rounds` rounds."""
    game = gamefile.from_document(document)
    return Game(game.rules, game.players, game.options, game.first_dealer, game.rounds[:rounds])


@pytest.mark.parametrize("bundle", GAMES)
@named
def test_the_rules_score_the_sample_as_worked_out_by_hand(bundle):
    module = sample(bundle.id)
    scored = [r.scores for r in rules.play(gamefile.from_document(module.GAME)).rounds]
    assert scored == module.SCORES, f"{_where(bundle, 'rules')} scores {scored}; {_where(bundle, 'sample')} SCORES"


@pytest.mark.parametrize("bundle", GAMES)
@named
def test_fields_is_the_reverse_of_read(bundle):
    document, form = sample(bundle.id).GAME, bundle.form()
    assert callable(getattr(form, "fields", None)), f"{_where(bundle, 'forms')}: def fields(rnd)"
    played = rules.play(gamefile.from_document(document)).rounds
    for k, round_ in enumerate(played):
        game = _game(document, k)
        ctx = forms.context(game, rules.play(game), None, round_.round, k + 1)
        shown = MultiDict(form.fields(round_.round))
        read = form.read(shown, "all", ctx)
        again, _warnings = rules.check_round(game, read)
        assert again == round_.round, f"{_where(bundle, 'forms')} fields(): round {k + 1} reads back otherwise"


def _offered(html: str) -> set[tuple[str, str]]:
    """The chips and box bounds of the page's round form (or correction form): each chip's (name, value), and
    each box's bounds (min, max, data-max)."""
    page = parse(html)
    corrections = [f for f in page.all("form") if re.search(r"/rounds/\d+$", f.attrs.get("action", ""))]
    found = page.all("form", id="round-entry") or corrections
    assert found, "no round form on the page"
    offered: set[tuple[str, str]] = set()
    for box in found[0].all("input"):
        name, kind = box.attrs.get("name"), box.attrs.get("type")
        if not name or kind in ("hidden", "checkbox") or name in ("number", "step"):
            continue
        if kind == "radio":
            offered.add((name, box.attrs.get("value", "")))
        for bound in ("min", "max", "data-max"):
            if box.attrs.get(bound, "").lstrip("-").isdigit():
                offered.add((name, box.attrs[bound]))
    return offered


def _refusals(bundle, game: Game, fields: dict, name: str) -> list[Problem]:
    """What the form reader, then the rules, refuse about the value of field `name` itself: a problem on that
    field (and seat) that names the value (a problem that only says how it sits with the other fields, "both
    digits or neither", is about the round, not about what the form offers)."""
    prefix, seat = name.split(".")[0], re.match(r"[^.]+\.(\d+)", name)
    ctx = forms.context(game, rules.play(game), None, None, len(game.rounds) + 1)
    try:
        read = bundle.form().read(MultiDict(fields), "all", ctx)
        rules.check_round(game, read)
        return []
    except Invalid as refused:
        return [
            p
            for p in refused.problems
            if p.field == prefix
            and (p.seat == int(seat.group(1)) if seat else p.seat is None)
            and str(p.params.get("value")) == fields[name]
        ]


@pytest.mark.parametrize("bundle", GAMES)
@named
def test_the_form_offers_nothing_the_rules_refuse(client, bundle):
    document = sample(bundle.id).GAME
    first = document["rounds"][0]
    posts = sample(bundle.id).posts(first, document)
    url = start(client, {**document, "rounds": []})
    offered: set[tuple[str, str]] = set()
    for step, fields in posts:
        offered |= _offered(client.get(url).get_data(as_text=True))
        assert post_round(client, url, 1, step, fields).status_code == 303, f"{_where(bundle, 'sample')} posts()"
    offered |= _offered(client.get(f"{url}/rounds/1/edit").get_data(as_text=True))
    game, every = _game(document, 0), all_fields(posts)
    wrong = [
        f"{name}={value}: {describe(refused[0], None, 'en')}"
        for name, value in sorted(offered)
        if (refused := _refusals(bundle, game, {**every, name: value}, name))
    ]
    assert not wrong, f"{_where(bundle, 'template')} offers what {_where(bundle, 'rules')} refuses: {wrong}"


def test_a_chip_beyond_what_the_rules_allow_is_caught():
    """The check above fails on a form offering a trick more than the hand holds, or a bid past it."""
    rules_id = pick.game(pick.exact_bids)  # bids and tricks counted in cards
    bundle, document = registry.get(rules_id), sample(rules_id).GAME
    every = all_fields(sample(rules_id).posts(document["rounds"][0], document))
    game = _game(document, 0)
    hand = rules.play(game).upcoming.cards
    assert _refusals(bundle, game, {**every, "tricks.0": str(hand + 1)}, "tricks.0")
    assert _refusals(bundle, game, {**every, "bids.0": str(hand + 1)}, "bids.0")
    assert not _refusals(bundle, game, {**every, "tricks.0": str(hand)}, "tricks.0")  # too many in all: the round
