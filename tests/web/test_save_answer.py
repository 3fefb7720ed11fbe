"""A round saved on the phone's own board (issue 40): the answer brings only what changed on that board (the new
row, the head, the totals and what is under it, each out of band) rather than the whole board again, and what it
brings is what the page drawn afresh shows. Anything else (another change meanwhile, a first row, a row that
folds one away, a page that did not say what it shows) gets the whole board, as before."""

from __future__ import annotations

import json
import re

import pytest

from scorekeeper import registry
from scorekeeper.rules.problems import Invalid
from scorekeeper.views import games
from tests import pick
from tests.samples import HX, enter, expected, first, post_round, sample, start

GAMES = [pytest.param(bundle.id, id=bundle.id) for bundle in registry.GAMES]
ANY = pick.game()


def longer(bundle) -> bool:
    """Its sample's LONG game, played two rounds and then its first round again, is still under way."""
    game = sample(bundle.id).LONG
    if not game or len(game["rounds"]) < 2:
        return False
    try:
        return not expected({**game, "rounds": [*game["rounds"][:2], game["rounds"][0]]})["finished"]
    except Invalid:
        return False


def shown(client, url: str) -> str:
    """The version of the game the page's board shows, as its round form carries it."""
    found = re.search(r'name="shown" value="(\d+)"', client.get(url).get_data(as_text=True))
    assert found, "the round form says which board it is beside"
    return found.group(1)


def save(client, url: str, document: dict, number: int, headers=HX) -> str:
    """Type round `number` of the game file into the page as a phone does (the form's `shown` with each step);
    the last step's answer."""
    steps = sample(document["rules"]).posts(document["rounds"][number - 1], document)
    for step, fields in steps:
        response = post_round(client, url, number, step, {**fields, "shown": shown(client, url)}, headers)
        assert response.status_code == (200 if headers else 303), response.get_data(as_text=True)
    return response.get_data(as_text=True)


def part(html: str, pattern: str) -> str:
    """One piece of a page or an answer (the first group of `pattern`), its out-of-band marks taken off."""
    found = re.search(pattern, html, re.S)
    assert found, pattern
    return re.sub(r' hx-swap-oob="[^"]*"', "", found.group(1)).strip()


PIECES = {  # each piece of the board, in the page and in a save's answer
    "head": r'(<thead id="board-head".*?</thead>)',
    "foot": r'(<tfoot id="board-foot".*?</tfoot>)',
    "tail": r'(<div id="board-tail".*?<div id="poll"[^>]*></div>\s*</div>)',
}


@pytest.mark.parametrize("rules_id", GAMES)
def test_a_saved_round_brings_its_row_and_what_changed_as_the_page_draws_them(client, rules_id):
    game = sample(rules_id).GAME
    url = enter(client, first(game, 1))
    answer = save(client, url, game, 2)
    assert 'id="scoreboard"' not in answer and 'id="round-1"' not in answer  # the board is not drawn again
    assert answer.lstrip().startswith('<section id="round-form"')  # the next form, the request's own target
    row = re.findall(
        r'<template><tbody hx-swap-oob="beforeend:#board-rows">\s*(<tr id="round-(\d+)">.*?</tr>)', answer, re.S
    )
    assert [number for _, number in row] == ["2"]
    page = client.get(url).get_data(as_text=True)
    assert part(page, r'(<tr id="round-2">.*?</tr>)') == row[0][0].strip()
    for name, pattern in PIECES.items():
        assert part(answer, pattern) == part(page, pattern), name
    assert 'hx-swap-oob="replace"' in re.search(PIECES["tail"], answer, re.S).group(1)  # swapped as a whole


@pytest.mark.parametrize("rules_id", GAMES)
def test_a_full_page_carries_no_pieces_out_of_band(client, rules_id):
    url = enter(client, first(sample(rules_id).GAME, 2))
    page = client.get(url).get_data(as_text=True)
    assert "hx-swap-oob" not in page and "<template>" not in page
    assert rows(page) == ["1", "2"]
    assert 'id="board-rows"' in page and 'id="board-tail"' in page


def test_without_javascript_a_saved_round_still_goes_back_to_the_whole_page(client):
    game = sample(ANY).GAME
    url = enter(client, first(game, 1))
    save(client, url, game, 2, headers={})
    assert rows(client.get(url).get_data(as_text=True)) == ["1", "2"]


def last_step(client, url: str, document: dict, number: int, extra: dict) -> str:
    """Type round `number` in (the form's `shown` with each step but the last, which sends `extra`); the last
    step's answer."""
    steps = sample(document["rules"]).posts(document["rounds"][number - 1], document)
    for step, fields in steps[:-1]:
        post_round(client, url, number, step, {**fields, "shown": shown(client, url)}, HX)
    step, fields = steps[-1]
    response = post_round(client, url, number, step, {**fields, **extra}, HX)
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_data(as_text=True)


def rows(html: str) -> list[str]:
    """The numbers of the rounds whose rows a page or an answer draws."""
    return re.findall(r'<tr id="round-(\d+)">', html)


def test_a_board_changed_meanwhile_is_drawn_whole(client):
    game = sample(ANY).GAME
    url = enter(client, first(game, 1))
    seen = shown(client, url)
    # the names changed (on another phone, or this one's other tab) after this page was drawn: its board is old
    names = {f"player.{k}": name for k, name in enumerate(["Zoé", *game["players"][1:]])}
    was = json.dumps(game["players"])
    assert client.post(f"{url}/players", data={**names, "was": was}).status_code == 303
    answer = last_step(client, url, game, 2, {"shown": seen})
    assert 'id="scoreboard" class="card" hx-swap-oob="replace"' in answer
    assert rows(answer) == ["1", "2"] and "Zoé" in answer


@pytest.mark.parametrize("said", [None, "", "9" * 50, "1"], ids=["none", "empty", "long", "stale"])
def test_a_page_that_does_not_say_its_board_gets_the_whole_board(client, said):
    game = sample(ANY).GAME
    url = enter(client, first(game, 1))
    answer = last_step(client, url, game, 2, {} if said is None else {"shown": said})
    assert rows(answer) == ["1", "2"]


def test_a_first_row_and_a_row_that_folds_another_away_bring_the_whole_board(client, monkeypatch):
    monkeypatch.setattr(games, "BOARD_ROUNDS", 2)  # a long game's page draws its latest rounds only
    game = sample(pick.game(longer)).LONG
    url = start(client, game)
    drawn = [rows(save(client, url, game, number)) for number in (1, 2)]
    game = {**game, "rounds": [*game["rounds"], game["rounds"][0]]}
    drawn.append(rows(save(client, url, game, 3)))
    assert drawn == [["1"], ["2"], ["2", "3"]]  # "No rounds yet" goes; round 2 alone; round 1 folds away


@pytest.mark.parametrize("rules_id", GAMES)
def test_every_round_form_leaves_the_checks_to_the_server(client, rules_id):
    # the browser checks nothing (novalidate): htmx then sends at once rather than fire a validation event per
    # chip first; so no field may carry a constraint the browser would have checked, it would go unchecked
    game = sample(rules_id).GAME
    url = enter(client, first(game, 1))
    for step, _ in sample(rules_id).posts(game["rounds"][1], game):
        html = client.get(f"{url}?step={step}").get_data(as_text=True)
        form = re.search(r'<form [^>]*id="round-entry"[^>]*>', html)
        assert form and " novalidate" in form.group(0), (step, form and form.group(0))
        assert not re.search(r"<(input|select|textarea)\b[^>]* (required|min|max|pattern|minlength)=?", html), step
