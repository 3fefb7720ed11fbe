"""The round flow through the test client, for every registered game, with and without htmx: an undone
round comes back on the form as it was entered, to fix and save again; each message is said once, naming
its round once; a refusal marks its first problem for the page to land on."""

from __future__ import annotations

import pytest

from scorekeeper import db, gamefile, registry, rules, store
from scorekeeper.i18n import describe
from tests import pick
from tests.markup import parse
from tests.samples import HX, enter, expected, first, post_round, sample, start

from .helpers import text, undo

pytestmark = pytest.mark.two_engines  # each test runs on SQLite and on PostgreSQL

EN = {"Accept-Language": "en"}
GAMES = [pytest.param(bundle.id, id=bundle.id) for bundle in registry.GAMES]
HEADERS = [pytest.param({}, id="plain"), pytest.param(HX, id="htmx")]


def shown(html: str) -> dict[str, str]:
    """What the round entry form shows, field by field: a box's text, the checked radio of a group, a ticked box."""
    found = {}
    for box in parse(html).first("form", id="round-entry").all("input"):
        name, kind = box.attrs.get("name"), box.attrs.get("type")
        if name and kind != "hidden" and (kind not in ("radio", "checkbox") or "checked" in box.attrs):
            found[name] = box.attrs.get("value", "")
    return found


def page_after(client, url, response, headers):
    """What the phone shows after an answer: the htmx fragment, or the page a redirect leads to."""
    if headers:
        return response
    assert response.status_code == 303
    return client.get(url, headers=EN)


@pytest.mark.parametrize("headers", HEADERS)
@pytest.mark.parametrize("rules_id", GAMES)
def test_an_undone_round_comes_back_on_the_form_filled_in(client, rules_id, headers):
    module = sample(rules_id)
    game = module.GAME
    url = enter(client, first(game, 2))
    response = undo(client, url, 2, {**EN, **headers})
    if not headers:
        assert response.headers["Location"].endswith("#round-form")  # the page opens on the form
    said = page_after(client, url, response, headers)
    assert text(said).count("Round 2 was undone.") == 1
    assert "Round 2: Round 2" not in text(said)
    steps = module.posts(game["rounds"][1], game)
    for k, (step, fields) in enumerate(steps):
        form = shown(said.get_data(as_text=True))
        assert {name: form.get(name) for name in fields} == fields, f"step {step} is not filled in"
        response = post_round(client, url, 2, step, fields, {**EN, **headers})
        said = page_after(client, url, response, headers)
        if k < len(steps) - 1:
            assert 'name="step" value="%s"' % steps[k + 1][0] in said.get_data(as_text=True)
    assert client.get(f"{url}/export.json").get_json()["result"] == expected(first(game, 2))
    assert "was undone" not in text(client.get(url, headers=EN))  # saved again: the form is the next round's


@pytest.mark.parametrize("headers", HEADERS)
@pytest.mark.parametrize("rules_id", GAMES)
def test_each_message_once(client, rules_id, headers):
    module = sample(rules_id)
    game = module.GAME
    url = enter(client, first(game, 1))
    step, fields = module.posts(game["rounds"][0], game)[-1]
    again = text(post_round(client, url, 1, step, fields, {**EN, **headers}))
    assert again.count("Round 1 was already saved: it is recorded once.") == 1
    assert "Round 1: Round 1" not in again
    first_step = module.posts(game["rounds"][1], game)[0][0]
    refused = post_round(client, url, 2, first_step, {}, {**EN, **headers})  # nothing tapped
    assert refused.status_code == 422
    page = parse(refused.get_data())
    assert len(page.all(id="first-error")) == 1  # where the page lands, and the focus
    listed = [item for errors in page.all("div", class_="errors") for item in errors.all("li")]
    said = [found.text() for found in page.all("p", class_="field-error") + listed]
    assert said and len(said) == len(set(said)), said
    for problem in said:
        assert text(refused).count(problem) == 1, problem


@pytest.mark.parametrize("rules_id", [pytest.param(b.id, id=b.id) for b in registry.GAMES if sample(b.id).WARNED])
def test_every_mark_on_a_board_is_explained_under_it(client, rules_id):
    """Every round the rules warn about is marked ⚠ on the board, and, since a phone cannot hover, what each
    mark's tooltip says is written under it (the game's sample WARNED: a game file whose rounds the rules
    warn about)."""
    document = sample(rules_id).WARNED
    url = client.post("/games/import", json=document).headers["Location"]
    page = parse(client.get(url, headers=EN).get_data())
    played = rules.play(gamefile.from_document(document))
    warnings = [describe(w.at_round(r.number), played.sides, "en") for r in played.rounds for w in r.warnings]
    assert warnings, f"tests/samples: the rules give no warning on {rules_id}'s WARNED"
    board = page.first("table", class_="board")
    assert board.text().count("⚠") == len(warnings), "every warning is marked on the board, in its round and column"
    explained = page.all("ul", class_="board-warnings")
    assert explained, "the board's ⚠ are not explained under it"
    assert [li.text() for li in explained[0].all("li")] == [f"⚠ {w}" for w in warnings]
    calm = client.post("/games/import", json=sample(rules_id).GAME).headers["Location"]
    calm_warnings = [w for r in rules.play(gamefile.from_document(sample(rules_id).GAME)).rounds for w in r.warnings]
    assert ("board-warnings" in client.get(calm, headers=EN).get_data(as_text=True)) == bool(calm_warnings)


@pytest.mark.parametrize("rules_id", [pytest.param(b.id, id=b.id) for b in registry.GAMES if sample(b.id).WARNED])
def test_every_mark_on_the_scorers_board_opens_its_round_to_check(client, rules_id):
    """Every game marks a warned round alike: on the phone that scores, each ⚠ on the board is a link that
    opens that round's correction (two games marked it with a grey glyph that did nothing)."""
    url = client.post("/games/import", json=sample(rules_id).WARNED).headers["Location"]
    board = parse(client.get(url, headers=EN).get_data()).first("table", class_="board")
    marks = [(mark.tag, mark.attrs.get("href")) for mark in board.all() if mark.children == ["⚠"]]
    assert marks and all(mark == ("a", f"{url}/rounds/1/edit") for mark in marks), marks


@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
def test_a_round_the_store_cannot_take_in_time_is_refused_whole_and_goes_when_sent_again(app, client, headers):
    """While another change holds the game past STORE_WAIT_SECONDS (a save on an app server that hangs, a
    store restarting), a round sent is answered 503 with Retry-After, which the phone takes as not reached and
    keeps its taps (offline.js); nothing is stored, and the round sent again is stored once."""
    app.config["STORE_WAIT_SECONDS"] = 0.1  # the least it may be: the round waits this long, the process idle
    document = first(sample(pick.game(pick.bids_first)).GAME, 1)  # its bids are kept until the tricks come
    url = start(client, document)
    (step, fields), *_ = pick.posts(document, 1)
    other = db.connect(app.config["DATABASE"])  # another server's connection, inside a change of this game
    try:
        with db.write(other, url.rsplit("/", 1)[1]):
            held = post_round(client, url, 1, step, fields, headers)
    finally:
        other.close()
    assert held.status_code == 503 and held.headers["Retry-After"] == "5"
    assert "rien n’a été changé" in text(held) and "Traceback" not in text(held)  # French, the default
    with app.app_context():
        assert store.load(db.get_db(), url.rsplit("/", 1)[1]).draft is None  # the bids were not kept
    assert post_round(client, url, 1, step, fields, headers).status_code in (200, 303)
    with app.app_context():
        assert store.load(db.get_db(), url.rsplit("/", 1)[1]).draft is not None
