"""The app factory and the store: configuration layers, the secret key, SQLite settings, ids."""

import re

import pytest
from jinja2 import DictLoader, Environment

from scorekeeper import COMPILED_TEMPLATES, create_app, settings, store
from scorekeeper.db import connect
from scorekeeper.rules import Game
from scorekeeper.store import new_id
from tests import pick

GAME = pick.game(pick.players(3))  # any game three can play


def test_configuration_from_instance_folder_then_environment(tmp_path, monkeypatch):
    (tmp_path / "config.py").write_text("POLL_SECONDS = 7\nADMIN_PASSWORD = 'from-file'\n")
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path))
    monkeypatch.setenv("SCOREKEEPER_ADMIN_PASSWORD", "from-env")
    app = create_app()
    assert app.config["POLL_SECONDS"] == 7  # instance folder over the defaults
    assert app.config["ADMIN_PASSWORD"] == "from-env"  # environment over the instance folder
    assert app.config["DATABASE"] == str(tmp_path / "scorekeeper.sqlite")  # the store lives in the instance
    assert create_app({"POLL_SECONDS": 1}).config["POLL_SECONDS"] == 1  # tests over everything


def test_a_wrong_value_in_the_instance_config_stops_the_app_naming_it_as_written_there(tmp_path, monkeypatch):
    """The operator wrote it in config.py, not in the environment: the message says so, where they will look."""
    (tmp_path / "config.py").write_text("LONG_POLL_SECONDS = 600\n")
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path))
    with pytest.raises(settings.BadSetting) as raised:
        create_app()
    said = f"LONG_POLL_SECONDS = 600 in {tmp_path}/config.py: must be a whole number, from 0 to 60"
    assert str(raised.value) == said


class CountedEnvironment(Environment):
    """An environment that counts the templates it compiles."""

    compiled = 0

    def compile(self, *args, **kwargs):
        """Compile, and count it."""
        CountedEnvironment.compiled += 1
        return super().compile(*args, **kwargs)


def test_the_apps_of_one_process_compile_a_template_once_and_again_once_it_changed():
    """Every app built in a process (a test's, each gunicorn worker's) shares the compiled templates, each used only
    while its source is the one compiled: a template edited between two apps is drawn as edited."""
    source = {"cache-test.html": "<p>{{ word }} one</p>"}

    def page(word: str) -> str:
        env = CountedEnvironment(loader=DictLoader(source), bytecode_cache=COMPILED_TEMPLATES)
        return env.get_template("cache-test.html").render(word=word)

    assert page("a") == "<p>a one</p>"
    compiled = CountedEnvironment.compiled
    assert page("b") == "<p>b one</p>"
    assert CountedEnvironment.compiled == compiled  # the second app's template came from memory
    source["cache-test.html"] = "<p>{{ word }} two</p>"
    assert page("c") == "<p>c two</p>"
    assert CountedEnvironment.compiled == compiled + 1


def test_secret_key_is_generated_into_the_instance_folder_once(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path))
    first = create_app().secret_key
    assert (tmp_path / "secret_key").read_text().strip() == first and len(first) >= 32
    assert create_app().secret_key == first
    assert oct((tmp_path / "secret_key").stat().st_mode)[-3:] == "600"


def test_sqlite_store_uses_wal_and_foreign_keys(app):
    db = connect(app.config["DATABASE"])
    assert db.execute("pragma journal_mode").fetchone()[0] == "wal"
    assert db.execute("pragma foreign_keys").fetchone()[0] == 1
    assert {"games", "rounds", "access"} <= set(db.table_names())
    db.conn.close()


def test_games_survive_a_restart(app, tmp_path):
    client = app.test_client()
    response = client.post(f"/new/{GAME}", data={"player.0": "A", "player.1": "B", "player.2": "C", "dealer": "1"})
    url = response.headers["Location"]
    again = create_app({"TESTING": True, "DATABASE": app.config["DATABASE"], "SECRET_KEY": "test"})
    assert again.test_client().get(url).status_code == 200


def test_game_ids_are_unguessable():
    ids = {new_id() for _ in range(200)}
    assert len(ids) == 200
    assert all(len(i) >= 12 and re.fullmatch(r"[A-Za-z0-9_-]+", i) for i in ids)


def test_init_db_creates_the_database_then_upgrades_it_in_place(app, runner, tmp_path):
    path = tmp_path / "fresh" / "games.sqlite"
    path.parent.mkdir()
    app.config["DATABASE"] = str(path)
    result = runner.invoke(args=["init-db"])
    assert result.exit_code == 0 and f"Database ready: {path}" in result.output
    db = connect(str(path))
    try:
        assert {"games"} <= set(db.table_names())
        assert db.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        kept = store.create(db, Game(GAME, ["Anne", "Julien", "Sylvie"]), "a-phone")
    finally:
        db.conn.close()
    assert runner.invoke(args=["init-db"]).exit_code == 0  # again: nothing lost
    db = connect(str(path))
    try:
        again = store.load(db, kept)
        assert again is not None and again.game.players == ["Anne", "Julien", "Sylvie"]
    finally:
        db.conn.close()


def test_a_connection_waits_for_another_phones_write_and_keeps_its_rules(tmp_path):
    """Two phones saving at once: the second waits for the first's transaction (15 s) instead of failing."""
    db = connect(str(tmp_path / "wait.sqlite"))
    try:
        pragma = {name: db.execute(f"PRAGMA {name}").fetchone()[0] for name in ("busy_timeout", "foreign_keys")}
        assert pragma == {"busy_timeout": 15000, "foreign_keys": 1}
    finally:
        db.conn.close()


def test_requests_share_a_few_connections_kept_open_and_never_one_left_in_a_transaction(app):
    """A request's connection is kept open for the next (opening one cost more than a watching phone's whole
    answer); one given back inside a transaction is closed, never handed to another request."""
    from scorekeeper import db, db_sqlite

    with app.app_context():
        first = db.get_db()
        db.close_db()
        assert db.get_db() is first  # the same connection, open
        db.close_db()
        broken = db.get_db()
        broken.conn.execute("BEGIN IMMEDIATE")  # a request that failed inside its transaction
        db.close_db()
        assert db.get_db() is not broken
        db.close_db()
        many = [db._pool(app).take() for _ in range(db_sqlite.IDLE_CONNECTIONS + 3)]
        for each in many:
            db._pool(app).give(each)
        assert len(db._pool(app).idle) == db_sqlite.IDLE_CONNECTIONS  # a burst's extra connections are closed
        app.config["DATABASE"] = app.config["DATABASE"] + "-other"
        assert db._pool(app).path.endswith("-other") and not db._pool(app).idle  # another file, other connections


def test_the_connection_of_a_request_that_failed_is_closed_not_given_to_the_next(new_app):
    """A crash in the middle of reading rows may keep that query's snapshot of the file alive (its cursor held
    by the traceback until the garbage collector comes): that connection is closed, and the next request gets
    another, which sees what is stored now."""
    from scorekeeper.db import get_db

    app = new_app
    app.config["PROPAGATE_EXCEPTIONS"] = False  # as in production: the crash is answered, the request ends
    used = []

    @app.get("/read-then-crash")
    def read_then_crash():
        used.append(get_db())
        for _row in get_db().query("select id from games"):
            raise RuntimeError("crash while reading")

    @app.get("/count")
    def count():
        used.append(get_db())
        return str(get_db().execute("select count(*) from games").fetchone()[0])

    other = connect(app.config["DATABASE"])
    try:
        for number in range(2):
            store.create(other, Game(GAME, ["A", "B", "C"], {}, 0, []), f"device-{number}")
        client = app.test_client()
        assert client.get("/count").get_data(as_text=True) == "2"
        assert client.get("/read-then-crash").status_code == 500
        assert used[1] is used[0]  # a request that went well gave its connection back
        store.create(other, Game(GAME, ["A", "B", "C"], {}, 0, []), "device-2")
        assert client.get("/count").get_data(as_text=True) == "3"
        assert used[2] is not used[1]  # the crashed one was closed
    finally:
        other.conn.close()
