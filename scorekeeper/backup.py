"""`scorekeeper backup FILE` and `scorekeeper restore FILE`: the whole store copied while it serves, and brought
back while nothing serves it.

On SQLite the copy is SQLite's online backup (sqlite3.Connection.backup) in one step: one read of the file as it
stood when the copy began, while the workers go on writing (WAL keeps their changes apart until the copy is
done); every round answered before the backup started is in it. The copy is checked (PRAGMA integrity_check) and
only then put in FILE's place. On PostgreSQL the database's own tools are the right ones: pg_dump and pg_restore.
"""

from __future__ import annotations

import os
import shlex
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from .dbapi import is_postgresql, shown


class BackupRefused(Exception):
    """The backup or restore cannot be made; the message says why, and nothing was changed."""


def counts(conn: sqlite3.Connection) -> dict[str, int]:
    """How many games and rounds a store holds."""
    return {table: conn.execute(f"select count(*) from {table}").fetchone()[0] for table in ("games", "rounds")}


def check(conn: sqlite3.Connection, what: str) -> None:
    """Refuse a file that is damaged or is not a Scorekeeper store."""
    try:
        verdict = conn.execute("pragma integrity_check").fetchone()[0]
        tables = {row[0] for row in conn.execute("select name from sqlite_master where type = 'table'")}
    except sqlite3.DatabaseError as exc:
        raise BackupRefused(f"{what} is not an SQLite database ({exc}).") from None
    if verdict != "ok":
        raise BackupRefused(f"{what} is damaged: {verdict}")
    if not {"games", "rounds"} <= tables:
        raise BackupRefused(f"{what} is not a Scorekeeper store: it holds no games.")


def same_file(a: str | Path, b: str | Path) -> bool:
    """Whether two paths name one file."""
    return Path(a).resolve() == Path(b).resolve()


def backup(store: str, target: str) -> dict[str, int]:
    """Copy the SQLite store at `store` into the file `target` (made anew, or replaced once the copy is checked);
    how many games and rounds the copy holds."""
    if is_postgresql(store):
        raise BackupRefused(pg_dump(store, target))
    if not os.path.isfile(store):
        raise BackupRefused(f"No store at {store}.")
    if same_file(store, target):
        raise BackupRefused("FILE is the store itself: back it up to another file.")
    if os.path.isdir(target):
        raise BackupRefused(f"{target} is a folder: name the file to write, such as {Path(target) / 'backup.sqlite'}")
    if not Path(target).resolve().parent.is_dir():
        raise BackupRefused(f"No folder {Path(target).parent} to write {Path(target).name} in: make it first.")
    source = sqlite3.connect(store, timeout=15)
    try:
        return copy_into(source, Path(target))
    finally:
        source.close()


def copy_into(source: sqlite3.Connection, target: Path) -> dict[str, int]:
    """Copy the store open in `source` into the file `target`, checked before it takes that name; what it holds."""
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    copy = sqlite3.connect(partial, isolation_level=None)
    try:
        source.backup(copy)  # one step: one snapshot of the file, the workers writing on meanwhile
        copy.execute("pragma journal_mode = delete")  # one self-contained file, without -wal beside it
        check(copy, "The copy")
        found = counts(copy)
        copy.close()
        os.replace(partial, target)
    except BaseException:
        copy.close()
        partial.unlink(missing_ok=True)  # nothing written: no half copy left beside FILE either
        raise
    return found


def in_use(conn: sqlite3.Connection) -> bool:
    """Take the store for this connection alone (it keeps the lock until closed); False if nobody else has it
    open. An app server keeps connections open while it runs, so a running server makes it True."""
    conn.execute("pragma locking_mode = exclusive")
    try:
        conn.execute("begin exclusive")
        conn.execute("commit")
    except sqlite3.OperationalError:
        return True
    return False


def restore(source: str, store: str) -> tuple[dict[str, int], Path]:
    """Put the backup `source` in the place of the SQLite store at `store`, which no server may have open; what
    it holds, and where the store as it was is kept."""
    if is_postgresql(store):
        raise BackupRefused(pg_restore(store, source))
    if not os.path.isfile(source):
        raise BackupRefused(f"No such file: {source}")
    if not os.path.isfile(store):
        raise BackupRefused(f"No store at {store}: copy FILE there instead.")
    if same_file(source, store):
        raise BackupRefused("FILE is the store itself.")
    backup_file = sqlite3.connect(source, isolation_level=None)
    live = sqlite3.connect(store, isolation_level=None, timeout=0.5)
    try:
        check(backup_file, "FILE")
        if in_use(live):
            raise BackupRefused("The store is in use: stop every Scorekeeper server on it first.")
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
        kept = Path(f"{store}.before-restore-{stamp}")
        copy_into(live, kept)  # the store as it was, beside it: a restore of the wrong file loses nothing
        backup_file.backup(live)
        return counts(live), kept
    finally:
        backup_file.close()
        live.close()


def pg_dump(url: str, target: str) -> str:
    """What to run to back up a PostgreSQL store."""
    command = f"pg_dump --format=custom --file {shlex.quote(target)} --dbname {shlex.quote(shown(url))}"
    return (
        "The store is a PostgreSQL database: back it up with PostgreSQL's own pg_dump, which copies it while the "
        f"servers run (the password from PGPASSWORD or ~/.pgpass):\n  {command}\nNothing was written."
    )


def pg_restore(url: str, source: str) -> str:
    """What to run to restore a PostgreSQL store."""
    command = f"pg_restore --clean --if-exists --no-owner --dbname {shlex.quote(shown(url))} {shlex.quote(source)}"
    return (
        "The store is a PostgreSQL database: stop every Scorekeeper server on it, then restore with PostgreSQL's "
        f"own pg_restore (the password from PGPASSWORD or ~/.pgpass):\n  {command}\nNothing was changed."
    )
