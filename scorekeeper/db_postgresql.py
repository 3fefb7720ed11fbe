"""The PostgreSQL engine (SCOREKEEPER_DATABASE=postgresql://...): psycopg 3 and its connection pool, for any
number of app servers sharing one database. A change holds its game's row (SELECT ... FOR UPDATE) for its
transaction, as BEGIN IMMEDIATE holds the whole file on SQLite (what it touched is said at commit by NOTIFY,
heard by every server's listener: live/postgresql.py)."""

from __future__ import annotations

import contextlib
import functools
import selectors
import sys
from collections.abc import Iterable, Iterator

import psycopg
from psycopg import conninfo
from psycopg import sql as pgsql
from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool

from .dbapi import Database
from .schema import MIGRATIONS

SCHEMA_LOCK = 0x5C0EE  # the advisory lock migrations take: two servers starting at once make the schema once
POOL_SIZE = 10  # connections per process at most (a gunicorn worker): the server's max_connections is shared
# a transaction left open this long by an app server that hangs (stopped, not killed: a kill closes its
# connections) is ended by the database, so the game it held is free again for the other servers
ABANDONED = "30s"


def busy(exc: Exception) -> bool:
    """Whether the database was busy or out of reach: every OperationalError of psycopg says so (lock_timeout,
    the pool's timeout, a connection lost or refused, a server shutting down)."""
    return isinstance(exc, psycopg.OperationalError)


@functools.lru_cache(maxsize=1024)
def placeholders(statement: str) -> str:
    """The statement with psycopg's placeholders for the `?` both engines' SQL uses here (a literal % doubled)."""
    return statement.replace("%", "%%").replace("?", "%s")


def _names(names: Iterable[str]) -> pgsql.Composed:
    """Column names, quoted."""
    return pgsql.SQL(", ").join(pgsql.Identifier(name) for name in names)


class PostgreSQL(Database):
    """A connection to PostgreSQL (autocommit: transactions are explicit, as on SQLite)."""

    engine = "postgresql"

    def __init__(self, conn: psycopg.Connection):
        self.conn = conn

    def query(self, sql: str, params: Iterable = ()) -> Iterator[dict]:
        """The rows of a select, as dicts."""
        with self.conn.cursor(row_factory=dict_row) as cursor:
            cursor.execute(placeholders(sql), list(params))
            return iter(cursor.fetchall())

    def execute(self, sql: str, params: Iterable = ()) -> psycopg.Cursor:
        """Run one statement; its cursor."""
        return self.conn.execute(placeholders(sql), list(params))

    def insert_all(self, table: str, rows: list[dict]) -> None:
        """Insert rows that all have the same columns."""
        if not rows:
            return
        columns = list(rows[0])
        statement = pgsql.SQL("insert into {} ({}) values ({})").format(
            pgsql.Identifier(table), _names(columns), pgsql.SQL(", ").join(pgsql.Placeholder() * len(columns))
        )
        with self.conn.cursor() as cursor:
            cursor.executemany(statement, [[row[c] for c in columns] for row in rows])

    def update(self, table: str, key: dict, values: dict) -> None:
        """Set `values` in the row whose primary key is `key`."""
        statement = pgsql.SQL("update {} set {} where {}").format(
            pgsql.Identifier(table),
            pgsql.SQL(", ").join(pgsql.SQL("{} = %s").format(pgsql.Identifier(c)) for c in values),
            pgsql.SQL(" and ").join(pgsql.SQL("{} = %s").format(pgsql.Identifier(c)) for c in key),
        )
        self.conn.execute(statement, [*values.values(), *key.values()])

    def upsert(self, table: str, row: dict, pk: tuple[str, ...]) -> None:
        """Insert the row, or set its other columns where one with the same primary key exists."""
        others = [c for c in row if c not in pk]
        change = pgsql.SQL("do update set {}").format(
            pgsql.SQL(", ").join(pgsql.SQL("{0} = excluded.{0}").format(pgsql.Identifier(c)) for c in others)
        )
        statement = pgsql.SQL("insert into {} ({}) values ({}) on conflict ({}) {}").format(
            pgsql.Identifier(table),
            _names(row),
            pgsql.SQL(", ").join(pgsql.Placeholder() * len(row)),
            _names(pk),
            change if others else pgsql.SQL("do nothing"),
        )
        self.conn.execute(statement, list(row.values()))

    @contextlib.contextmanager
    def transaction(self, game_id: str | None = None) -> Iterator[PostgreSQL]:
        """One transaction; with `game_id`, the game's row is held first, so a second change of that game (on
        any server) waits, then reads what this one stored (READ COMMITTED reads anew at each statement)."""
        with self.conn.transaction():
            if game_id is not None:
                self.conn.execute("select 1 from games where id = %s for update", [game_id])
            yield self

    def table_names(self) -> list[str]:
        """The tables of the store, the record of migrations aside."""
        rows = self.conn.execute(
            "select tablename from pg_tables where schemaname = current_schema() and tablename != 'schema_migrations'"
        )
        return [row[0] for row in rows]

    def columns(self, table: str) -> list[str]:
        """The table's columns, in order, rowid aside (numbered by PostgreSQL itself)."""
        rows = self.conn.execute(
            "select column_name from information_schema.columns where table_schema = current_schema() "
            "and table_name = %s and column_name != 'rowid' order by ordinal_position",
            [table],
        )
        return [row[0] for row in rows]


def cooperative() -> None:
    """Under gevent (gunicorn's gevent workers), psycopg must wait through gevent's select, or a query would
    stop every request of the worker. psycopg picks how it waits when it is first imported, which gunicorn's
    master does before a worker patches select: pick again once patched."""
    from psycopg import waiting

    monkey = sys.modules.get("gevent.monkey")
    if monkey is not None and monkey.is_module_patched("select") and waiting.wait is not waiting.wait_poll:
        waiting.wait = waiting.wait_poll  # select.poll, looked up at each wait: gevent's
        waiting.DefaultSelector = selectors.DefaultSelector  # type: ignore[misc]  # gevent's, for connecting


def with_options(url: str, settings: str) -> str:
    """The connection string with server settings added to any the URL gives (`options`, e.g. a search_path)."""
    given = conninfo.conninfo_to_dict(url).get("options")
    return conninfo.make_conninfo(url, options=f"{given} {settings}" if given else settings)


def connect(url: str, application_name: str = "scorekeeper") -> PostgreSQL:
    """A connection of its own (named in pg_stat_activity)."""
    cooperative()
    return PostgreSQL(psycopg.connect(url, autocommit=True, application_name=application_name))


class Pool:
    """A process's connections to the database, kept open between requests (psycopg_pool)."""

    def __init__(self, url: str, wait: float = 15.0):
        cooperative()
        self.path, self.wait = url, wait
        # a change waits `wait` seconds at most for its game's row (lock_timeout) or for a connection (timeout)
        settings = f"-c lock_timeout={round(wait * 1000)} -c idle_in_transaction_session_timeout={ABANDONED}"
        self.pool = ConnectionPool(
            with_options(url, settings),
            min_size=1,
            max_size=POOL_SIZE,
            timeout=wait,
            kwargs={"autocommit": True, "application_name": "scorekeeper"},
            open=True,
            name="scorekeeper",
        )

    def take(self) -> PostgreSQL:
        """A connection for one request."""
        return PostgreSQL(self.pool.getconn())

    def give(self, db: PostgreSQL, failed: bool = False) -> None:
        """Take a connection back (the pool rolls back one left in a transaction, and drops a broken one)."""
        self.pool.putconn(db.conn)

    def close(self) -> None:
        """Close every connection; any given back later is closed too."""
        self.pool.close()


def migrate(url: str) -> None:
    """Bring the database up to the current schema."""
    db = connect(url)
    try:
        apply(db)
    finally:
        db.close()


def apply(db: PostgreSQL) -> None:
    """Apply the migrations not yet applied, in one transaction that first takes the schema's advisory lock:
    a second server starting at the same time waits, then finds them applied."""
    with db.conn.transaction():
        db.conn.execute("select pg_advisory_xact_lock(%s)", [SCHEMA_LOCK])
        db.conn.execute("create table if not exists schema_migrations (name text primary key, applied text not null)")
        done = {row[0] for row in db.conn.execute("select name from schema_migrations")}
        for step in MIGRATIONS:
            if step.name not in done:
                (step.postgresql or step.run)(db)  # type: ignore[misc]
                db.conn.execute("insert into schema_migrations values (%s, now()::text)", [step.name])
