"""A round saved on the phone's own board (issue 40): the answer brings only what changed on that board (the new
row, the head, the totals and what is under it, each saying where it goes for static/swap.js to put it there, none
swapped out of band by htmx) rather than the whole board again, and what it brings is what the page drawn afresh
shows. Anything else (another change meanwhile, a first row, a row that
folds one away, a page that did not say what it shows) gets the whole board, as before."""

from __future__ import annotations

import json

import pytest

from scorekeeper import registry
from scorekeeper.rules.problems import Invalid
from scorekeeper.views import games
from tests import pick
from tests.markup import Element, parse
from tests.samples import HX, enter, expected, first, post_round, sample, start
from tests.web.helpers import rename

CONSTRAINTS = frozenset(("required", "min", "max", "pattern", "minlength"))  # what a browser would check itself
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
    return parse(client.get(url).get_data()).value("shown")


def save(client, url: str, document: dict, number: int, headers=HX) -> Element:
    """Type round `number` of the game file into the page as a phone does (the form's `shown` with each step);
    the last step's answer, parsed."""
    steps = sample(document["rules"]).posts(document["rounds"][number - 1], document)
    for step, fields in steps:
        response = post_round(client, url, number, step, {**fields, "shown": shown(client, url)}, headers)
        assert response.status_code == (200 if headers else 303), response.get_data(as_text=True)
    return parse(response.get_data())


def drawn(piece: Element) -> tuple:
    """A piece of a page or an answer as it is drawn, the mark of where it goes left out."""
    return piece.tree(leave=frozenset({"data-swap"}))


PIECES = ("board-head", "board-foot", "board-tail")  # each piece of the board, in the page and in a save's answer


@pytest.mark.parametrize("rules_id", GAMES)
def test_a_saved_round_brings_its_row_and_what_changed_as_the_page_draws_them(client, rules_id):
    game = sample(rules_id).GAME
    url = enter(client, first(game, 1))
    answer = save(client, url, game, 2)
    assert not answer.all(id="scoreboard") and not answer.all(id="round-1")  # the board is not drawn again
    top = next(e for e in answer.children if isinstance(e, Element))
    assert (top.tag, top.attrs.get("id")) == ("section", "round-form")  # the next form, the request's target
    appended = [body for t in answer.all("template") for body in t.all("tbody", data_swap="beforeend:#board-rows")]
    assert [rows(body) for body in appended] == [["2"]]
    page = parse(client.get(url).get_data())
    assert drawn(appended[0].first("tr", id="round-2")) == drawn(page.first("tr", id="round-2"))
    charted(client, answer.first(id="board-tail"))
    for name in PIECES:
        assert drawn(answer.first(id=name)) == drawn(page.first(id=name)), name
    assert answer.first(id="board-tail").attrs.get("data-swap") == "replace"  # swapped as a whole
    # none out of band: htmx would copy each part and fire events on every part already swapped after each one
    # (static/swap.js puts them in place as it swaps the form)
    assert [e.attrs.get("id", e.tag) for e in answer.all() if "hx-swap-oob" in e.attrs] == []
    assert answer.first(id="flash").attrs.get("data-swap") == "innerHTML"


def charted(client, tail: Element) -> None:
    """The score chart a save's answer leaves out, fetched as its place asks (htmx: on load, in place of it)."""
    (place,) = [c for c in tail.children if isinstance(c, Element) and c.attrs.get("id") == "score-chart"]
    assert not place.children and (place.attrs["hx-trigger"], place.attrs["hx-swap"]) == ("load", "outerHTML")
    fetched = client.get(place.attrs["hx-get"], headers=HX)
    assert fetched.status_code == 200
    (chart,) = [c for c in parse(fetched.get_data()).children if isinstance(c, Element)]
    tail.children[tail.children.index(place)] = chart


def test_the_chart_a_save_leaves_out_is_the_game_page_at_its_chart_without_javascript(client):
    game = sample(ANY).GAME
    url = enter(client, first(game, 1))
    address = save(client, url, game, 2).first(id="score-chart").attrs["hx-get"]
    answer = client.get(address)
    assert answer.status_code == 303 and answer.headers["Location"] == url + "#score-chart"


@pytest.mark.parametrize("rules_id", GAMES)
def test_a_full_page_carries_no_pieces_out_of_band(client, rules_id):
    url = enter(client, first(sample(rules_id).GAME, 2))
    page = parse(client.get(url).get_data())
    assert not [e for e in page.all() if {"hx-swap-oob", "data-swap"} & e.attrs.keys()] and not page.all("template")
    assert rows(page) == ["1", "2"]
    assert page.first(id="board-rows") and page.first(id="board-tail")


def test_without_javascript_a_saved_round_still_goes_back_to_the_whole_page(client):
    game = sample(ANY).GAME
    url = enter(client, first(game, 1))
    save(client, url, game, 2, headers={})
    assert rows(parse(client.get(url).get_data())) == ["1", "2"]


def last_step(client, url: str, document: dict, number: int, extra: dict) -> Element:
    """Type round `number` in (the form's `shown` with each step but the last, which sends `extra`); the last
    step's answer, parsed."""
    steps = sample(document["rules"]).posts(document["rounds"][number - 1], document)
    for step, fields in steps[:-1]:
        post_round(client, url, number, step, {**fields, "shown": shown(client, url)}, HX)
    step, fields = steps[-1]
    response = post_round(client, url, number, step, {**fields, **extra}, HX)
    assert response.status_code == 200, response.get_data(as_text=True)
    return parse(response.get_data())


def rows(html: Element) -> list[str]:
    """The numbers of the rounds whose rows a page or an answer (or a part of one) draws."""
    numbers = [tr.attrs.get("id", "").removeprefix("round-") for tr in html.all("tr")]
    return [number for number in numbers if number.isdigit()]


def test_a_board_changed_meanwhile_is_drawn_whole(client):
    game = sample(ANY).GAME
    url = enter(client, first(game, 1))
    seen = shown(client, url)
    # the names changed (on another phone, or this one's other tab) after this page was drawn: its board is old
    assert rename(client, url, ["Zoé", *game["players"][1:]], was=json.dumps(game["players"])).status_code == 303
    answer = last_step(client, url, game, 2, {"shown": seen})
    board = answer.first(id="scoreboard")
    assert "card" in board.attrs["class"].split() and board.attrs.get("hx-swap-oob") == "replace"
    assert rows(answer) == ["1", "2"] and "Zoé" in board.text()


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
    saved = [rows(save(client, url, game, number)) for number in (1, 2)]
    game = {**game, "rounds": [*game["rounds"], game["rounds"][0]]}
    saved.append(rows(save(client, url, game, 3)))
    assert saved == [["1"], ["2"], ["2", "3"]]  # "No rounds yet" goes; round 2 alone; round 1 folds away


@pytest.mark.parametrize("rules_id", GAMES)
def test_every_round_form_leaves_the_checks_to_the_server(client, rules_id):
    # the browser checks nothing (novalidate): htmx then sends at once rather than fire a validation event per
    # chip first; so no field may carry a constraint the browser would have checked, it would go unchecked
    game = sample(rules_id).GAME
    url = enter(client, first(game, 1))
    for step, _ in sample(rules_id).posts(game["rounds"][1], game):
        page = parse(client.get(f"{url}?step={step}").get_data())
        assert "novalidate" in page.first("form", id="round-entry").attrs, step
        checked = [(e.tag, e.attrs.get("name")) for e in page.fields() if CONSTRAINTS & e.attrs.keys()]
        assert not checked, (step, checked)


def test_the_shared_chips_come_without_spaces_between_them(app):
    # a space between two chips (grid items) shows nowhere, yet it is one node more that a slow phone parses, puts in
    # the page and takes out again with every round form a save brings (half a bids form's nodes were such spaces)
    with app.test_request_context():
        chips = app.jinja_env.get_template("macros.html").module.chips("bids.0", range(7), 3, label="Bid, Anne")
    row = parse(str(chips)).first(class_="chips")
    assert [c.tag for c in row.children if isinstance(c, Element)] == ["label"] * 7 and not has_space(row)


# the games whose round form is the shared two steps (macros.html two_steps: bids, then tricks)
TWO_STEPS = [b.id for b in registry.GAMES if "m.two_steps(" in (b.folder / "board.html").read_text()]


@pytest.mark.parametrize("rules_id", TWO_STEPS)
def test_the_two_steps_players_come_without_spaces_around_them(client, rules_id):
    game = sample(rules_id).full_game()  # under way after round 2: the answer brings round 3's form
    url = enter(client, first(game, 1))
    players = save(client, url, game, 2).first("section", id="round-form").all("fieldset", class_="player")
    assert players and [p.attrs["id"] for p in players if has_space(p, around=True)] == []


def has_space(element: Element, around: bool = False) -> bool:
    """Whether text of spaces alone stands between its children (`around`: before the first or after the last)."""
    children = element.children
    inner = children if not around else [children[0], children[-1]] if children else []
    return any(isinstance(c, str) and not c.strip() for c in inner)
