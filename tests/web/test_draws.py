"""A club night's seating draws through the web: the organiser marks who is present and draws, each table's link
opens its game filled in; a watcher is refused; bad input is said; with and without htmx. The games drawn are
picked by need (tests/pick.py); a refusal one game's own option makes is in its folder (tests/games/<module>/)."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from scorekeeper import rules
from tests import pick
from tests.markup import Element, parse
from tests.samples import sample
from tests.web.helpers import HX, reading, text
from tests.web.test_events import EN, THREE, make_event, play

pytestmark = pytest.mark.two_engines  # each test runs on SQLite and on PostgreSQL

SIXTEEN = [f"Player {i + 1}" for i in range(16)]


def tables_of_four(bundle) -> bool:
    """Its largest table is four: sixteen players sit at four tables, and a second draw can seat each of them with
    no table-mate of the first (one from each first table)."""
    return rules.get(bundle.id).max_players == 4


def set_apart(bundle) -> bool:
    """Its options include a whole number and a choice (a table's link carries them to the game's form)."""
    kinds = [option.kind for option in rules.get(bundle.id).options]
    return "int" in kinds and "choice" in kinds


def fewest_three(bundle) -> bool:
    """A table of it takes three players at least."""
    return rules.get(bundle.id).min_players == 3


DRAWN = pick.game(tables_of_four, set_apart)  # the game the tables play
NUMBER = next(o for o in rules.get(DRAWN).options if o.kind == "int")  # and its options set for the draw
CHOICE = next(o for o in rules.get(DRAWN).options if o.kind == "choice")
SET = {NUMBER.name: NUMBER.max if NUMBER.default != NUMBER.max else NUMBER.min}  # neither one its default
SET[CHOICE.name] = next(choice for choice in CHOICE.choices if choice != CHOICE.default)
ANY = pick.game(fewest_three)


def draw(client, url: str, names: list[str], games=(DRAWN,), headers=None, **fields):
    """Post the draw form: `names` typed as new players, `games` ticked."""
    data = {"new": "\n".join(names), "game": list(games), **fields}
    return client.post(f"{url}/draw", data=data, headers=headers or {})


def drawn_tables(response, number: int | None = None) -> list[tuple[list[str], str]]:
    """A draw's tables as the page shows them (the latest's, or draw `number`'s): each table's players in seat
    order, and its link."""
    rounds = parse(response.get_data()).all("section", class_="draw-round")
    first = next(drawn for drawn in rounds if number is None or drawn.attrs.get("id") == f"draw-{number}")
    found = []
    for table in first.all("li", class_="draw-table"):
        seats = [own_text(seat) for seat in table.all("li")]  # a name, and what its seat says beside it
        found.append((seats, table.first("a").attrs["href"]))
    return found


def own_text(element: Element) -> str:
    """The text of an element itself, what the elements inside it say left out."""
    return "".join(child for child in element.children if isinstance(child, str)).strip()


def stored_draws(app, url: str) -> int:
    """How many draws the club night has stored."""
    with reading(app) as db:
        return db.execute("select count(*) from draws where event_id = ?", [url.rsplit("/", 1)[-1]]).fetchone()[0]


@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
def test_the_organiser_draws_twice_and_nobody_meets_a_table_mate_again(client, app, headers):
    url = make_event(client)
    assert 'id="draw"' in client.get(url).get_data(as_text=True)
    first = draw(client, url, SIXTEEN, headers=headers)
    if headers:
        assert first.status_code == 200 and 'id="draw-page"' in first.get_data(as_text=True)
        assert "<html" not in first.get_data(as_text=True)  # the block alone
    else:
        assert first.status_code == 303 and first.headers["Location"].endswith(f"{url}/draw#draw-1")
    page = client.get(f"{url}/draw", headers=EN)
    once = drawn_tables(page)
    assert sorted(len(seats) for seats, _ in once) == [4, 4, 4, 4]
    # the second draw: everyone ticked (the last draw's players are ticked by default)
    ticked = parse(page.get_data()).ticked("present")
    assert sorted(ticked) == sorted(SIXTEEN)
    second = client.post(f"{url}/draw", data={"present": ticked, "game": DRAWN}, headers=headers)
    assert second.status_code in (200, 303)
    twice = drawn_tables(client.get(f"{url}/draw", headers=EN))
    sat = [set(seats) for seats, _ in once]
    for seats, _ in twice:
        assert all(len(set(seats) & before) <= 1 for before in sat)  # no table-mate of the first draw again
    assert stored_draws(app, url) == 2
    assert drawn_tables(client.get(f"{url}/draw", headers=EN), 1) == once  # still listed as drawn, never drawn again


def test_a_tables_link_opens_its_game_filled_in_and_starts_it_in_one_tap(client, other_phone):
    url = make_event(client)
    draw(client, url, SIXTEEN[:4], **{f"option.{DRAWN}.{name}": str(value) for name, value in SET.items()})
    [(seats, href)] = drawn_tables(client.get(f"{url}/draw", headers=EN))
    asked = parse_qs(urlsplit(href).query)
    assert urlsplit(href).path == f"/new/{DRAWN}" and asked["event"] == [url.rsplit("/", 1)[-1]]
    form = parse(other_phone.get(href, headers=EN).get_data())
    for seat, name in enumerate(seats):
        box = form.first("input", name=f"player.{seat}")
        assert box.attrs.get("maxlength") == "40" and box.attrs.get("value") == name
    dealer = int(asked["dealer"][0])
    assert form.ticked("dealer") == [str(dealer)]
    # the form's one tap posts what it shows
    assert form.value(f"option.{NUMBER.name}") == str(SET[NUMBER.name])
    assert form.ticked(f"option.{CHOICE.name}") == [str(SET[CHOICE.name])]
    fields = {box.attrs["name"]: box.attrs["value"] for box in form.fields("player.")}
    fields.update({f"option.{name}": str(value) for name, value in SET.items()})
    fields.update(dealer=str(dealer), event=asked["event"][0])
    started = other_phone.post(urlsplit(href).path, data=fields)
    assert started.status_code == 303
    game = other_phone.get(started.headers["Location"], headers=EN)
    assert all(name in text(game) for name in seats)
    options = other_phone.get(started.headers["Location"] + "/export.json").get_json()["options"]
    assert {name: options[name] for name in SET} == SET
    assert seats[dealer] in text(client.get(url, headers=EN))  # the table plays for the club night


@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
def test_a_watcher_may_not_draw(client, other_phone, app, headers):
    url = make_event(client)
    other_phone.post(f"{url}/join")
    assert 'id="draw"' not in other_phone.get(url).get_data(as_text=True)
    assert other_phone.get(f"{url}/draw", headers=headers).status_code == 403
    assert draw(other_phone, url, SIXTEEN, headers=headers).status_code == 403
    assert stored_draws(app, url) == 0


def test_a_draw_from_another_site_is_refused(client, app):
    url = make_event(client)
    assert draw(client, url, SIXTEEN, headers={"Sec-Fetch-Site": "cross-site"}).status_code == 403
    assert stored_draws(app, url) == 0


def test_the_admin_draws_for_any_club_night(client, other_phone, app):
    url = make_event(client)
    app.config["ADMIN_PASSWORD"] = "cœur à pique"
    assert other_phone.post("/admin", data={"password": "cœur à pique"}).status_code == 303
    assert draw(other_phone, url, SIXTEEN).status_code == 303


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Too few players for a table: 2 present, at least 3 needed."),
        ("fr", "Trop peu de joueurs pour une table : 2 présents, il en faut au moins 3."),
        ("de", "Zu wenige Spieler für einen Tisch: 2 anwesend, mindestens 3 nötig."),
    ],
)
@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
def test_too_few_players_are_refused_saying_how_many_are_needed(client, app, lang, said, headers):
    url = make_event(client)
    refused = draw(client, url, ["Anne", "Ben"], games=[ANY], headers={"Accept-Language": lang, **headers})
    assert refused.status_code == 422
    assert said in text(refused).replace("\u202f", " ")
    assert "Anne" in refused.get_data(as_text=True)  # the names typed stay on the form
    if headers:
        assert refused.headers["HX-Reswap"] == "outerHTML show:#draw-form:top"  # where the problem is said
    assert stored_draws(app, url) == 0


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"new": "Anne\nBen\nCleo", "game": []}, "Pick the game (or games) the tables play."),
        ({"new": "A" * 41 + "\nBen\nCleo", "game": ANY}, "is longer than 40 characters"),
        ({"new": "An\x00ne\nBen\nCleo", "game": ANY}, "control or text-direction character"),
        ({"new": "\n".join(f"P{i}" for i in range(401)), "game": ANY}, "At most 400 players in one draw"),
        ({"new": "Anne\nBen\nCleo", "game": DRAWN, f"option.{DRAWN}.{NUMBER.name}": "x"}, "is not a valid value"),
    ],
    ids=["no game", "long name", "NUL", "too many", "bad option"],
)
def test_bad_input_is_said_and_nothing_is_drawn(client, app, fields, said):
    url = make_event(client)
    refused = client.post(f"{url}/draw", data=fields, headers=EN)
    assert refused.status_code == 422
    assert said in text(refused)
    assert stored_draws(app, url) == 0


def test_the_evenings_players_are_offered_as_the_leaderboard_merges_them(client, other_phone):
    url = make_event(client)
    other_phone.post(f"{url}/join")
    play(other_phone, url, THREE)
    offered = parse(client.get(f"{url}/draw", headers=EN).get_data()).offered("present")
    board = [name.text() for name in parse(client.get(url).get_data()).all("th", scope="row")]
    assert len(offered) == len(sample(THREE).GAME["players"]) and sorted(offered) == sorted(board)
    # a name typed again in another case is one player
    drawn = draw(client, url, [offered[0].upper()], present=offered)
    assert drawn.status_code == 303
    [seated] = [seats for seats, _ in drawn_tables(client.get(f"{url}/draw", headers=EN))]
    assert sorted(seated) == sorted(offered)


def test_a_club_night_keeps_so_many_draws_and_says_so(client, app, monkeypatch):
    monkeypatch.setattr("scorekeeper.event_draws.MAX_DRAWS", 2)
    url = make_event(client)
    assert draw(client, url, SIXTEEN).status_code == 303
    assert draw(client, url, SIXTEEN).status_code == 303
    refused = draw(client, url, SIXTEEN, headers=EN)
    assert refused.status_code == 422 and "This club night has all the draws it may have (2)." in text(refused)
    assert stored_draws(app, url) == 2


def test_the_admin_deletes_a_night_with_its_draws(client, other_phone, app):
    url = make_event(client)
    assert draw(client, url, SIXTEEN).status_code == 303
    app.config["ADMIN_PASSWORD"] = "cœur à pique"
    assert other_phone.post("/admin", data={"password": "cœur à pique"}).status_code == 303
    assert other_phone.post(f"{url}/delete").status_code == 303
    assert stored_draws(app, url) == 0 and client.get(f"{url}/draw").status_code == 404


def test_a_closed_night_is_not_drawn_for_its_tables_could_not_start(client, app):
    url = make_event(client)
    assert client.post(f"{url}/close", data={"closed": "1"}).status_code == 303
    assert 'id="draw-closed"' in client.get(f"{url}/draw").get_data(as_text=True)
    refused = draw(client, url, SIXTEEN, headers=EN)
    assert refused.status_code == 422 and "This club night is closed" in text(refused)
    assert stored_draws(app, url) == 0
    assert client.post(f"{url}/close", data={"closed": "0"}).status_code == 303
    assert draw(client, url, SIXTEEN).status_code == 303  # open again, it draws
