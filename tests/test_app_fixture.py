"""The `app` fixture (conftest.py) over the test process's emptied PostgreSQL schema: each test finds it as a new
one, and its connections are kept from one PostgreSQL test to the next, SQLite tests between them included (a new
one costs the server a process); so are the connections a test reads it through (postgresql.reader)."""

from __future__ import annotations

from tests import pick, postgresql
from tests.conftest import as_built, fresh_store
from tests.samples import enter, sample


def pool(app):
    """The pool the app's requests take their connections from (a request made first, so that there is one)."""
    assert app.test_client().get("/").status_code == 200
    return app.extensions["scorekeeper.pool"]


def test_the_emptied_schemas_connections_outlast_a_sqlite_test_between(built_app, empty_store, tmp_path):
    app, *built = built_app
    first = pool(as_built(app, built, postgresql.emptied_store()))
    pool(as_built(app, built, fresh_store(empty_store, tmp_path)))  # the same test on SQLite, say
    assert pool(as_built(app, built, postgresql.emptied_store())) is first and not first.pool.closed


def stored(app) -> dict[str, int]:
    """How many rows each table of the app's schema holds, and the first game's row number."""
    admin, schema = postgresql._admin_connection(), app.config["DATABASE"].rsplit("%3D", 1)[1]
    counts = {
        t: admin.execute(f"select count(*) from {schema}.{t}").fetchone()[0] for t in postgresql._tables(admin, schema)
    }
    return {**counts, "first game": admin.execute(f"select min(rowid) from {schema}.games").fetchone()[0]}


def test_the_emptied_schema_is_as_a_new_one_for_the_next_test(built_app):
    app, *built = built_app
    enter(as_built(app, built, postgresql.emptied_store()).test_client(), sample(pick.game()).GAME)
    played = stored(app)
    assert played["games"] == 1 and played["rounds"] > 0 and played["rate_limits"] > 0
    emptied = stored(as_built(app, built, postgresql.emptied_store()))
    assert emptied == {**dict.fromkeys(played, 0), "first game": None}
    enter(app.test_client(), sample(pick.game()).GAME)
    assert stored(app) == played  # the same rows again, numbered from 1 again


def test_a_tests_reads_of_a_postgresql_store_share_one_connection_never_one_left_in_a_transaction():
    url = postgresql.emptied_store()
    with postgresql.reader(url) as db:
        first = db.conn.info.backend_pid
    with postgresql.reader(url) as db:
        assert db.conn.info.backend_pid == first  # the same connection: the server started no process
        db.conn.execute("begin")  # and left open
    with postgresql.reader(url) as db:
        assert db.conn.info.backend_pid != first
        assert db.execute("select count(*) from games").fetchone()[0] == 0
