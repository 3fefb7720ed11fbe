"""A venue that grows moves its SQLite file into PostgreSQL (`scorekeeper copy-store FROM TO`), and a game
file moves between the two (export, import): everything comes across. Each test runs with TO on SQLite and
on PostgreSQL; FROM is always an SQLite file."""

from __future__ import annotations

import pytest

from scorekeeper import create_app, registry
from scorekeeper import db as database
from scorekeeper.schema import TABLES
from tests import pick
from tests.conftest import TEST_CONFIG, fresh_store, own_app
from tests.samples import enter, first, sample, start
from tests.web.helpers import run_cli

pytestmark = pytest.mark.two_engines  # each test runs on SQLite and on PostgreSQL


@pytest.fixture(scope="module")
def venue(tmp_path_factory, empty_store):
    """An SQLite venue that played: every game's sample (one finished, the others under way, a round's bids
    saved), a second phone watching each, and history looked at (its summaries made). Played once for the
    module: its tests only read it (copy it, export from it), and each playing it again cost 0.2 s."""
    app = own_app(empty_store, tmp_path_factory.mktemp("venue"), "sqlite")
    phone, other = app.test_client(), app.test_client()
    urls = []
    for k, bundle in enumerate(registry.GAMES):
        game = sample(bundle.id).GAME
        url = enter(phone, game if k == 0 else first(game, 1))
        other.get(url)
        urls.append(url)
    game = sample(pick.game(pick.bids_first)).GAME
    url = start(phone, game)
    step, fields = pick.posts(game, 1)[0]
    assert phone.post(f"{url}/rounds", data={"number": "1", "step": step, **fields}).status_code == 303
    urls.append(url)
    assert phone.get("/history").status_code == 200
    return app, phone, urls


def rows(location: str) -> dict[str, list[tuple]]:
    """Every row of every table, in a set order, rowid aside."""
    db = database.connect(location)
    try:
        found = {}
        for table in TABLES:
            columns = sorted(db.columns(table))
            found[table] = sorted(
                (tuple(row[c] for c in columns) for row in db.query(f"select {', '.join(columns)} from {table}")),
                key=repr,
            )
        return found
    finally:
        db.close()


def test_copy_store_brings_every_game_across_as_it_was(venue, engine, tmp_path, empty_store):
    app, phone, urls = venue
    target = fresh_store(empty_store, tmp_path, engine, "to.sqlite")
    done = run_cli("copy-store", app.config["DATABASE"], target)
    assert done.returncode == 0, done.stderr
    assert f"games {len(urls)}" in done.stdout
    assert rows(target) == rows(app.config["DATABASE"])  # drafts, access, summaries, times, versions
    moved = create_app({**TEST_CONFIG, "DATABASE": target}).test_client()
    moved.set_cookie("device", phone.get_cookie("device").value)  # the same phone, on the new server
    for url in urls:
        assert moved.get(f"{url}/export.json").get_json() == phone.get(f"{url}/export.json").get_json()
    assert moved.get("/").get_data(as_text=True).count("/games/") == phone.get("/").get_data(as_text=True).count(
        "/games/"
    )


def test_copy_store_refuses_a_target_that_already_has_games_and_copies_nothing(venue, engine, tmp_path, empty_store):
    app, _phone, urls = venue
    target = fresh_store(empty_store, tmp_path, engine, "to.sqlite")
    assert run_cli("copy-store", app.config["DATABASE"], target).returncode == 0
    again = run_cli("copy-store", app.config["DATABASE"], target)
    assert again.returncode == 1 and "already holds games" in again.stderr
    assert len(rows(target)["games"]) == len(urls)


def test_every_table_of_the_schema_is_copied(engine, tmp_path, empty_store):
    db = database.connect(fresh_store(empty_store, tmp_path, engine))
    try:
        assert sorted(db.table_names()) == sorted(TABLES), "a new table must be added to schema.TABLES"
    finally:
        db.close()


def test_a_game_file_exported_from_one_engine_imports_whole_into_the_other(venue, app, client):
    """FROM's games exported, imported on this test's engine, exported again: the same files."""
    _source, phone, urls = venue
    for url in urls:
        document = phone.get(f"{url}/export.json").get_json()
        imported = client.post("/games/import", json=document)
        assert imported.status_code == 303, imported.get_data(as_text=True)
        assert client.get(f"{imported.headers['Location']}/export.json").get_json() == document
