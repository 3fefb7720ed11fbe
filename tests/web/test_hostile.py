"""Hostile input, reproduced from the report of issue 12: each is refused quickly with a 4xx in the
player's language that says what is wrong and where, and nothing is stored. Each test plays a game picked by what
it needs (tests/pick.py), its rounds from that game's sample; a refusal one game's own option makes is in its
folder (tests/games/<module>/)."""

from __future__ import annotations

import html
import json
import re
import threading
import time
from pathlib import Path

import pytest

from scorekeeper import rules, store
from tests import pick
from tests.markup import parse
from tests.samples import all_fields, enter, first, sample
from tests.samples import start as start_game

from .helpers import HX, game_count, imported, kept_phone, post_round, stored, text

EN = {"Accept-Language": "en"}
FR = {"Accept-Language": "fr"}
P3 = ["Anne", "Julien", "Sylvie"]
HUGE = "1" * 4300  # Python's int-to-text limit: a page that adds two of these up cannot be drawn
LONG = "1000000000000000000000000"
ROOT = Path(__file__).resolve().parents[2]
ANY = pick.game(pick.players(3))  # a game three play, its options left to their defaults


def bounded(option) -> bool:
    """The option is a whole number with a least value."""
    return option.kind.startswith("int") and option.min is not None


def numbered(bundle) -> bool:
    """Its new-game form has an option that is a whole number with a least value."""
    return any(bounded(option) for option in rules.get(bundle.id).options)


def listed(bundle) -> bool:
    """Its new-game form has an option that is a list of hand sizes."""
    return any(option.kind == "hands" for option in rules.get(bundle.id).options)


NUMBERED = pick.game(numbered, pick.players(3))
NUMBER = next(option for option in rules.get(NUMBERED).options if bounded(option))
BELOW = (NUMBER.min or 0) - 1  # under its least value (bounded: it has one)
LISTED = pick.game(listed, pick.players(3))
HANDS = next(option for option in rules.get(LISTED).options if option.kind == "hands")
RENEGES = sample(pick.game(pick.counts_reneges)).GAME  # a game whose last step counts reneges, after its bids
FIRST = RENEGES["players"][0]  # who sits in seat 0


def unchanged(app, url, before: store.Stored) -> bool:
    """Whether nothing about the game was stored since `before`."""
    after = stored(app, url)
    return (after.version, after.game.rounds, after.draft) == (before.version, before.game.rounds, before.draft)


def sent(client, document, headers=None):
    """POST a game file (a dict, or raw text) to the import; the response, refused or not."""
    body = document if isinstance(document, str | bytes) else json.dumps(document)
    return client.post("/games/import", data=body, content_type="application/json", headers=headers or {})


def game_file(rules_id=ANY, players=P3, **more):
    """A valid game file to spoil."""
    return {"format": "scorekeeper-game/1", "rules": rules_id, "players": players, **more}


# -- 1. every posted number is bounded before anything is built from it ------------------------------


@pytest.fixture(scope="module")
def kept(tmp_path_factory, empty_store):
    """The phone and two of RENEGES's games it started, for the tests whose posts are refused (which each checks):
    `aon` with round 1's bids saved, and one with round 1 played whole. Made once for the module: starting the
    game and playing its round again cost each of those tests a third of its CPU."""
    with kept_phone(empty_store, tmp_path_factory.mktemp("kept")) as client:
        at_bids, played = start_game(client, RENEGES), start_game(client, RENEGES)
        for url in (at_bids, played):
            for step, fields in pick.posts(RENEGES, 1)[:-1]:
                assert post_round(client, url, 1, step, fields).status_code == 303
        assert post_round(client, played, 1, *last_step()).status_code == 303
        yield client, at_bids, played


def last_step(**changed: str) -> tuple[str, dict[str, str]]:
    """Round 1's last step of RENEGES's game (its tricks and reneges), some fields `changed`."""
    step, fields = pick.posts(RENEGES, 1)[-1]
    return step, {**fields, **changed}


def whole(**changed: str) -> dict[str, str]:
    """Every field of round 1 of RENEGES's game, as its correction form sends them, some `changed`."""
    return {**all_fields(pick.posts(RENEGES, 1)), **changed}


@pytest.mark.parametrize("reneges", [LONG, "1000000", HUGE])
@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
def test_a_huge_renege_count_is_refused_at_once(kept, reneges, headers):
    client, aon, _ = kept
    app = client.application
    before = stored(app, aon)
    step, fields = last_step(**{"reneges.0": reneges})
    client.get(aon)  # templates compiled: what is timed is the refusal
    started = time.thread_time()  # CPU time: the test client serves in this thread
    response = post_round(client, aon, 1, step, fields, {**headers, **EN})
    assert time.thread_time() - started < 2
    assert response.status_code == 422
    assert len(response.get_data()) < 200_000
    said = text(response)
    assert f"Round 1, {FIRST}: Reneges:" in said and f"{len(reneges)} digits is too long a number" in said
    assert reneges not in response.get_data(as_text=True)  # never drawn back, never counted out as chips
    assert unchanged(app, aon, before)


def test_a_huge_number_is_refused_in_french(kept):
    client, aon, _ = kept
    response = post_round(client, aon, 1, *last_step(**{"reneges.0": LONG}), FR)
    assert response.status_code == 422
    assert f"Manche 1, {FIRST} : Renonces : un nombre de 25 chiffres est bien trop long." in text(response)


def test_the_correction_form_refuses_a_huge_number(kept):
    client, _, aon = kept  # round 1 played
    app = client.application
    was = parse(client.get(f"{aon}/rounds/1/edit").get_data()).value("was")
    before = stored(app, aon)
    started = time.thread_time()  # CPU time: the test client serves in this thread
    response = client.post(f"{aon}/rounds/1", data=whole(**{"reneges.0": LONG, "was": was}), headers=EN)
    assert time.thread_time() - started < 2
    assert response.status_code == 422 and "25 digits is too long a number" in text(response)
    assert unchanged(app, aon, before)


def test_a_number_of_4300_digits_in_any_box_is_refused_naming_round_and_player(app, client):
    """Boxes a number is typed in (not chips, whose value is a choice; what a hostile number posted to one costs
    is test_templates') are read by a game's form with the one check of a number's length (forms.parse_int): a
    game whose round types numbers in boxes covers it (pick.typed_numbers); most games' rounds are chips only."""
    rules_id = pick.game(pick.typed_numbers)
    game = sample(rules_id).GAME
    *earlier, (step, fields) = sample(rules_id).posts(game["rounds"][0], game)
    url = start_game(client, {**game, "rounds": []})
    for first_step, data in earlier:
        assert post_round(client, url, 1, first_step, data).status_code == 303
    before = stored(app, url)
    form = parse(client.get(url).get_data()).first("form", id="round-entry")
    chips = ("radio", "checkbox", "hidden")
    typed = {box.attrs["name"] for box in form.fields() if box.tag == "input" and box.attrs.get("type") not in chips}
    boxes = [name for name in fields if name in typed]  # boxes a number is typed in (a chip's value is a choice)
    assert boxes, f"{rules_id}: no box to type a number in on its sample's first round"
    for box in boxes:
        response = post_round(client, url, 1, step, {**fields, box: HUGE}, EN)
        assert response.status_code == 422, box
        said = text(response)
        assert "4300 digits is too long a number" in said, (box, said[-500:])
        seat = re.match(r"[a-z_]+\.(\d+)", box)
        player = game["players"][int(seat.group(1))] if seat and len(game["players"]) > int(seat.group(1)) else ""
        assert f"Round 1, {player}" in said, (box, said[-500:])
        assert unchanged(app, url, before)


@pytest.mark.parametrize("value", ["1" * 5000, "-" + "9" * 40])
def test_a_setup_option_of_thousands_of_digits_is_refused_by_its_label(app, client, value):
    data = {
        "player.0": "Anne",
        "player.1": "Julien",
        "player.2": "Sylvie",
        "dealer": "0",
        f"option.{NUMBER.name}": value,
    }
    response = client.post(f"/new/{NUMBERED}", data=data, headers=EN)
    assert response.status_code == 422
    assert f"{NUMBER.label}: {len(value.lstrip('-'))} digits is too long a number." in text(response)
    assert game_count(app) == 0


# -- 2. no server error, whatever the JSON --------------------------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        "[" * 1000 + "]" * 1000,
        "[" * 100_000,
        json.dumps(game_file(rounds=[{"red": [[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]}]))[:-1] + "}",
        f'{{"format": "scorekeeper-game/1", "rules": "{ANY}", "players": ["A", "B", "C"], "options": '
        + "{" * 500
        + "}" * 500
        + "}",
        '{"format": ' + "[" * 5000 + "]" * 5000 + "}",
    ],
    ids=["brackets", "unclosed", "in rounds", "in options", "in format"],
)
@pytest.mark.parametrize("headers", [EN, FR], ids=["en", "fr"])
def test_deep_json_is_refused_with_a_message(app, client, body, headers):
    response = sent(client, body, headers)
    assert response.status_code == 400
    said = text(response)
    assert ("nest more than 12 deep" in said) or ("s’imbriquent sur plus de 12 niveaux" in said)
    assert game_count(app) == 0


def test_a_correction_whose_was_is_10000_deep_is_refused(kept):
    client, _, aon = kept  # round 1 played
    app = client.application
    before = stored(app, aon)
    # as deep as a form may carry (60 KB of brackets, each sent as 3 bytes, under FORM_MAX_BYTES)
    fields = whole(was="[" * 10_000 + "]" * 10_000)
    for headers, said in ((EN, "The correction form is damaged; reload the page."), (FR, "rechargez la page")):
        response = client.post(f"{aon}/rounds/1", data=fields, headers=headers)
        assert response.status_code == 400 and said in text(response)
    assert unchanged(app, aon, before)


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
@pytest.mark.parametrize(
    "headers, said",
    [
        (EN, "That form is far larger than any the app sends; nothing was changed."),
        (FR, "Ce formulaire est bien plus grand que tous ceux que l’application envoie"),
        ({"Accept-Language": "de"}, "Dieses Formular ist weit größer als jedes, das die App sendet"),
    ],
    ids=["en", "fr", "de"],
)
def test_a_form_past_64_kb_is_refused_before_it_is_read(kept, htmx, headers, said):
    client, _, aon = kept  # round 1 played
    app = client.application
    before, games = stored(app, aon), game_count(app)
    fields = whole(was="[" * 100_000)
    for path in (f"{aon}/rounds/1", f"{aon}/rounds", f"{aon}/rounds/1/undo", f"{aon}/players", f"/new/{ANY}"):
        response = client.post(path, data=fields, headers={**headers, **(HX if htmx else {})})
        assert response.status_code == 413, path
        assert said in text(response), path
        if htmx:  # the message goes where the page shows notices; the form stays as the player left it
            assert response.headers["HX-Retarget"] == "#flash"
    assert unchanged(app, aon, before) and game_count(app) == games
    # a game file may still be 1 MB: the door is a form's, not the import's
    assert sent(client, json.dumps(game_file()) + " " * 500_000).status_code == 303


@pytest.mark.parametrize(
    "document",
    [
        game_file(players=["A\ud800", "B", "C"]),
        game_file(rounds=[{"cards": ["\udc80"]}]),
        game_file(options={f"{NUMBER.name}\ud800": 3}),
    ],
    ids=["name", "round field", "option name"],
)
def test_a_lone_surrogate_is_refused(app, client, document):
    body = json.dumps(document)  # json writes it as a \\ud800 escape, which parses into broken text
    response = sent(client, body, EN)
    assert response.status_code == 400
    assert "broken character (half of a surrogate pair)" in text(response)
    assert game_count(app) == 0
    response = sent(client, body, FR)
    assert response.status_code == 400 and "caractère cassé" in text(response)


@pytest.mark.parametrize(
    "query", ["next=/%0d%0aSet-Cookie:x=1", "next=/%0aLocation:%20http://evil", "next=/\\evil.example", "next=%00"]
)
def test_the_language_switch_never_writes_a_header_from_the_address(client, query):
    response = client.get(f"/lang/en?{query}")
    assert response.status_code == 303
    assert response.headers["Location"] == "/"
    assert [c for c in response.headers.getlist("Set-Cookie") if c.startswith("x=")] == []


def test_a_4300_digit_number_in_a_game_file_says_too_long(app, client):
    document = json.dumps(game_file(rules_id=NUMBERED, first_dealer=0))[:-1]
    document += f', "options": {{"{NUMBER.name}": ' + "7" * 5000 + "}}"
    response = sent(client, document, EN)
    assert response.status_code == 400
    assert "holds a number of 5000 digits" in text(response) and "not text" not in text(response)
    assert game_count(app) == 0


# -- 8. names that cannot be shown ---------------------------------------------------------------------

BAD_NAMES = ["An\x00ne", "An\nne", "Anne\x1b[31m", "\u202eennA", "Anne\u2066", "An\tne"]


@pytest.mark.parametrize("name", BAD_NAMES)
def test_a_name_with_control_or_direction_characters_is_refused_on_import(app, client, name):
    response = sent(client, game_file(players=[name, "B", "C"]), EN)
    assert response.status_code == 422
    assert "The name of player 1 holds a control or text-direction character" in text(response)
    assert "\x00" not in response.get_data(as_text=True)
    assert game_count(app) == 0
    response = sent(client, game_file(players=[name, "B", "C"]), FR)
    assert "Le nom du joueur 1 contient un caractère de contrôle" in text(response)


@pytest.mark.parametrize("name", ["An\x00ne", "Anne\x1b", "\u202eennA", "Anne\u2068"])
def test_a_name_with_control_or_direction_characters_is_refused_on_the_form(app, client, name):
    data = {"player.0": "Julien", "player.1": name, "player.2": "Sylvie", "dealer": "0"}
    response = client.post(f"/new/{ANY}", data=data, headers=EN)
    assert response.status_code == 422
    assert "The name of player 2 holds a control or text-direction character" in text(response)
    assert "\x00" not in response.get_data(as_text=True)
    assert game_count(app) == 0


def test_a_line_break_typed_in_a_name_box_becomes_a_space(app, client):
    """A box has one line: a pasted line break or tab is folded into a space, as spaces are."""
    data = {"player.0": "Anne\nMarie", "player.1": "B", "player.2": "C", "dealer": "0"}
    response = client.post(f"/new/{ANY}", data=data)
    assert response.status_code == 303
    assert stored(app, response.headers["Location"]).game.players[0] == "Anne Marie"


# -- 9. messages say what is wrong, in the players' words ----------------------------------------------


@pytest.mark.parametrize("number, shown", [("abc", "abc"), ("-1", "-1"), ("0", "0"), ("9" * 5000, "9" * 20)])
def test_a_malformed_round_number_says_what_is_wrong(kept, number, shown):
    client, aon, _ = kept
    app = client.application
    before = stored(app, aon)
    step, fields = last_step()
    response = post_round(client, aon, number, step, fields, EN)
    assert response.status_code == 400
    assert f"The round number must be a whole number from 1 to 1001, not {shown}." in text(response)
    response = post_round(client, aon, number, step, fields, FR)
    assert "Le numéro de manche doit être un nombre entier" in text(response) and "manque" not in text(response)
    assert unchanged(app, aon, before)


def test_a_missing_round_number_is_said_to_be_missing(kept):
    client, aon, _ = kept
    response = client.post(f"{aon}/rounds", data={"step": last_step()[0]}, headers=FR)
    assert response.status_code == 400 and "Le numéro de manche manque." in text(response)


@pytest.mark.parametrize(
    "document, said",
    [
        ({**game_file(), "format": None}, "The game file does not say its format: it must be scorekeeper-game/1."),
        (
            {**game_file(), "format": "scorekeeper-game/2"},
            "The format must be scorekeeper-game/1, not scorekeeper-game/2.",
        ),
        (game_file(rules_id=None), "Unknown game null; the games are:"),
        (game_file(rules_id=NUMBERED, options={NUMBER.name: "x"}), f'{NUMBER.label} cannot be "x".'),
        (
            game_file(rules_id=NUMBERED, options={NUMBER.name: BELOW}),
            f"{NUMBER.label} must be between {NUMBER.min} and {NUMBER.max} (got {BELOW}).",
        ),
        (game_file(rules_id=LISTED, options={HANDS.name: [1] * 31}), f"{HANDS.label}: at most 30"),
    ],
    ids=["no format", "another format", "no game", "not a number", "out of range", "hands"],
)
def test_game_file_messages_name_labels_and_never_show_python_values(client, document, said):
    response = sent(client, document, EN)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert said in html.unescape(text(response))
    for leak in ("None", "&#39;", "'scorekeeper", "True", "False"):
        assert leak not in text(response), leak
    assert f"option {NUMBER.name}" not in page and f"option {HANDS.name}" not in page


# -- 3. two phones' bids, 4. undo carries what it undoes: test_hostile_phones.py ------------------------


def test_an_undo_without_what_it_undoes_is_refused(app, client):
    url = enter(client, first(sample(ANY).GAME, 1))
    before = stored(app, url)
    response = client.post(f"{url}/rounds/1/undo", headers=EN)
    assert response.status_code == 400 and "The undo form is damaged; reload the page." in text(response)
    assert unchanged(app, url, before)


# -- 6. limits ---------------------------------------------------------------------------------------


def marathon(rounds: int) -> dict:
    """A game of `rounds` rounds, not over: any game whose sample plays one as long as asked, a round one form."""
    return sample(pick.game(pick.endless, pick.one_form)).long_game(rounds)


def test_a_game_holds_at_most_1000_rounds(app, client, monkeypatch):
    response = sent(client, marathon(1001), EN)
    assert response.status_code == 422
    assert "Round 1001: A game holds at most 1000 rounds; this one would have 1001." in text(response)
    assert game_count(app) == 0
    ((step, fields),) = pick.posts(marathon(31), 31)  # round 31, as typed
    monkeypatch.setattr(rules, "MAX_ROUNDS", 30)  # the same limit on a save, reached in fewer rounds
    url = imported(client, marathon(30))
    before = stored(app, url)
    response = post_round(client, url, 31, step, fields, FR)
    assert response.status_code == 422 and "Une partie compte au plus 30 manches" in text(response)
    assert unchanged(app, url, before)


def test_a_long_games_page_draws_its_latest_rounds(client):
    url = imported(client, marathon(200))
    page = client.get(url, headers=EN)
    html = page.get_data(as_text=True)
    assert len(html) < 40_000
    assert 'id="round-200"' in html and 'id="round-189"' in html and 'id="round-188"' not in html
    assert "Rounds 1 to 188 are not shown: show every round" in text(page)
    every = client.get(f"{url}?rounds=all").get_data(as_text=True)
    assert 'id="round-1"' in every and 'id="round-200"' in every
    assert len(client.get(f"{url}/export.json").get_json()["rounds"]) == 200


def test_sheets_built_at_once_are_limited(app, client):
    url = start_game(client, sample(ANY).GAME)
    slots = threading.BoundedSemaphore(1)
    app.extensions["scorekeeper.sheet_slots"] = slots
    app.config["SHEETS_WAIT"] = 0.1  # a second at the table; the wait itself is not what is tested
    assert slots.acquire()  # another table's sheet is being built
    try:
        for headers, said in ((EN, "The server is busy printing other score sheets"), (FR, "Le serveur est occupé")):
            response = client.get(f"{url}/sheet.pdf", headers=headers)
            assert response.status_code == 503 and response.headers["Retry-After"] == "5"
            assert said in text(response)
        assert client.get(f"/sheets/blank.pdf?rules={ANY}&players=3").status_code == 503
    finally:
        slots.release()
    assert client.get(f"{url}/sheet.pdf").status_code == 200
