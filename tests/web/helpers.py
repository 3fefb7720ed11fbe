"""Small steps shared by the web tests: start a game, post a round, read the page (with a parser: markup.py)."""

from __future__ import annotations

import contextlib
import json
import subprocess
import time
from collections.abc import Callable, Iterator
from urllib.parse import parse_qs, urlsplit

from click.testing import CliRunner

from scorekeeper import live, store
from scorekeeper.cli import main
from scorekeeper.db import Database, connect, is_postgresql
from tests import markup, postgresql
from tests.conftest import own_app, stop_serving
from tests.markup import Element, parse

HX = {"HX-Request": "true"}


def seats(name: str, values) -> dict[str, str]:
    """Form fields name.0, name.1, ... from a list."""
    return {f"{name}.{k}": str(v) for k, v in enumerate(values)}


def new_game(client, rules_id: str, fields: dict[str, str]) -> str:
    """Start a game through the new-game form filled in with `fields`; its address."""
    response = client.post(f"/new/{rules_id}", data=fields)
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"]


def start(client, rules_id, players, dealer=0, **options):
    """Start a game of `players` through the new-game form (the options as typed there); its address."""
    typed = {f"option.{name}": str(value) for name, value in options.items()}
    return new_game(client, rules_id, {**seats("player", players), "dealer": str(dealer), **typed})


def post_round(client, url, number, step, fields, headers=None):
    """Post one step of round `number` (the fields' values as typed); the response."""
    data = {"number": str(number), "step": step, **{k: str(v) for k, v in fields.items()}}
    return client.post(f"{url}/rounds", data=data, headers=headers or {})


def imported(client, document: dict) -> str:
    """A game file imported (so owned, and scored) by this phone: its address."""
    response = client.post("/games/import", data=json.dumps(document), content_type="application/json")
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"]


def change(client, url: str, kind: str, headers=None, **fields):
    """Post one change from the changes page as a phone without JavaScript does (the version the page shows
    goes with the form, the fields as typed); the response."""
    version = parse(client.get(f"{url}/lineup").get_data()).first("input", name="version").attrs["value"]
    return client.post(f"{url}/lineup", data={"kind": kind, "version": version, **fields}, headers=headers or {})


def statistics(client, document: dict) -> Callable[[str], dict[str, str]]:
    """A game file imported by this phone; what a player's record then says of its game's statistics (by their
    data-stat name), for a player's name."""
    imported(client, document)

    def of(name: str) -> dict[str, str]:
        page = parse(client.get(f"/players/{name}", headers={"Accept-Language": "en"}).get_data())
        record = page.first(id=f"record-{document['rules']}")
        return {s.attrs["data-stat"]: s.first("dd").text() for s in record.all() if "data-stat" in s.attrs}

    return of


def was_shown(client, url) -> str:
    """The names the rename page shows (posted back with the new ones)."""
    return parse(client.get(f"{url}/players").get_data()).value("was")


def rename(client, url, names, headers=None, was=None):
    """Post the rename form as the page sends it (`was`: the names it was drawn with, if not the page's now)."""
    data = {**seats("player", names), "was": was_shown(client, url) if was is None else was}
    return client.post(f"{url}/players", data=data, headers=headers or {})


def undo_was(client, url) -> str:
    """What the game page's undo button says it undoes (the last round, as JSON)."""
    found = parse(client.get(url).get_data()).all("input", name="was")
    return found[0].attrs["value"] if found else ""


def undo(client, url, number, headers=None, was=None):
    """Tap "Undo round N" as the game page shows it (the form carries the round it undoes)."""
    data = {"was": undo_was(client, url) if was is None else was}
    return client.post(f"{url}/rounds/{number}/undo", data=data, headers=headers or {})


@contextlib.contextmanager
def kept_phone(empty_store, folder, engine: str = "sqlite") -> Iterator:
    """A phone (test client) of an app of its own over a store of its own, for a module fixture: the games it
    sets up once are read by tests that change nothing (a refused round stores nothing), where each test
    starting its own cost most of what it checks. The store is watched no more once the module is done."""
    app = own_app(empty_store, folder, engine)
    try:
        yield app.test_client()
    finally:
        live.forget(app.config["DATABASE"])
        stop_serving(app)


@contextlib.contextmanager
def kept_tables(empty_store, tmp_path_factory, setup: Callable) -> Iterator[Callable[[str], tuple]]:
    """For a module of two_engines tests: on each engine, a phone of its own app (kept_phone) and what `setup`
    made with it (`setup(phone)`), made when a test first asks for that engine."""
    with contextlib.ExitStack() as stack:
        made: dict[str, tuple] = {}

        def on(engine: str) -> tuple:
            if engine not in made:
                phone = stack.enter_context(kept_phone(empty_store, tmp_path_factory.mktemp("kept"), engine))
                made[engine] = phone, setup(phone)
            return made[engine]

        yield on


def text(response) -> str:
    """The page as text without tags, spaces folded, for asserting on what a player reads."""
    return markup.text(response.get_data())


def totals(response) -> list[str]:
    """The totals row of the scoreboard (a page, or the HTML of one)."""
    html = response if isinstance(response, str) else response.get_data(as_text=True)
    return [cell.text("") for cell in parse(html).first("tfoot").all("td")]


def links(client, url) -> dict[str, str]:
    """The links the share panel shows this phone, by element id (watch-link, score-link)."""
    anchors = parse(client.get(url).get_data()).all("a")
    return {a.attrs["id"]: a.attrs["href"] for a in anchors if a.attrs.get("id") in ("watch-link", "score-link")}


def listed_games(html: str | bytes) -> list[str]:
    """The ids of the games a list links to, top to bottom (a list item whose first link opens a game)."""
    found = [item.first("a").attrs.get("href", "") for item in parse(html).all("li") if item.all("a")]
    return [href.removeprefix("/games/") for href in found if href.startswith("/games/")]


def terms(html: str | bytes) -> dict[str, str]:
    """A page's description lists as read: each term with its description (a player's record, say)."""
    found = {}
    for listing in parse(html).all("dl"):
        for term, said in zip(listing.all("dt"), listing.all("dd"), strict=True):
            found[term.text()] = said.text()
    return found


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """The command line run in this process, its output as text (an interpreter per call was slow).

    Exceptions are not caught here: one that escaped the command's own guard fails the test."""
    done = CliRunner().invoke(main, list(args), input=stdin, catch_exceptions=False)
    return subprocess.CompletedProcess(args, done.exit_code, done.stdout, done.stderr)


@contextlib.contextmanager
def reading(app) -> Iterator[Database]:
    """A connection of the test's own to the app's store, to read (or change by hand) what is stored there,
    outside the app: a new one to a SQLite file; on PostgreSQL the one the test process keeps (postgresql.reader:
    a new one costs the server a process)."""
    location = app.config["DATABASE"]
    if is_postgresql(location):
        with postgresql.reader(location) as db:
            yield db
        return
    db = connect(location)
    try:
        yield db
    finally:
        db.close()


def stored(app, url) -> store.Stored:
    """The game as stored, read straight from the database."""
    with reading(app) as db:
        found = store.load(db, url.rsplit("/", 1)[-1])
    assert found is not None, "the game is not in the database"
    return found


def game_count(app) -> int:
    """How many games the database holds."""
    with reading(app) as db:
        return db.execute("select count(*) from games").fetchone()[0]


def until(condition, seconds: float = 10.0) -> None:
    """Wait for `condition()`, failing the test after `seconds` rather than hanging the run."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"waited {seconds} s for what never came"
        time.sleep(0.01)


def picked(form: Element) -> list[tuple[str, str]]:
    """The options a form's lists show as picked: each one's value and what the phone reads."""
    return [(option.attrs["value"], option.text()) for option in form.all("option") if "selected" in option.attrs]


def poll_of(html: str | bytes) -> str:
    """The address a page's long poll asks (data-poll)."""
    return next(found.attrs["data-poll"] for found in parse(html).all() if "data-poll" in found.attrs)


def version_of(address: str) -> str:
    """The version a poll's address says the phone has."""
    return parse_qs(urlsplit(address).query)["version"][0]
