"""The `app` fixture (conftest.py) over the test process's emptied PostgreSQL schema keeps its connections from
one PostgreSQL test to the next, SQLite tests between them included: a new one costs the server a process."""

from __future__ import annotations

from scorekeeper.db import get_db
from tests import postgresql
from tests.conftest import as_built, fresh_store


def backend(app) -> int:
    """The server process of the connection a request of `app` is given."""
    with app.test_request_context():
        return get_db().conn.info.backend_pid


def test_the_emptied_schemas_connection_outlasts_a_sqlite_test_between(built_app, empty_store, tmp_path):
    app, *built = built_app
    first = backend(as_built(app, built, postgresql.emptied_store()))
    on_sqlite = as_built(app, built, fresh_store(empty_store, tmp_path))  # the same test on SQLite, say
    assert on_sqlite.test_client().get("/").status_code == 200
    assert backend(as_built(app, built, postgresql.emptied_store())) == first
