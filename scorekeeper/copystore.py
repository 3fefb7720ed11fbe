"""`scorekeeper copy-store FROM TO`: everything stored in one store copied into another, for a venue that
outgrows its SQLite file (FROM a file, TO a postgresql:// URL; any pair of the two works). The target is
made or brought up to the schema first and must hold no game yet; the copy is one transaction, so a copy
that fails leaves it as it was."""

from __future__ import annotations

from . import db as database
from .schema import TABLES

BATCH = 500  # rows read and written at a time: a store of any size copies in bounded memory


class CopyRefused(Exception):
    """The copy cannot be made; the message says why."""


def copy_store(source: str, target: str) -> dict[str, int]:
    """Copy every table of `source` into `target`; how many rows each table had."""
    if source == target:
        raise CopyRefused("FROM and TO are the same store.")
    database.migrate(source)  # an older file gets the tables of today's, as the app does on start
    database.migrate(target)
    src, dst = database.connect(source), database.connect(target)
    try:
        unknown = sorted(set(src.table_names()) - set(TABLES))
        if unknown:
            raise CopyRefused(f"FROM holds tables this version does not know: {', '.join(unknown)}.")
        if dst.execute("select count(*) from games").fetchone()[0]:
            raise CopyRefused("TO already holds games: copy into an empty store.")
        counts = {}
        # one snapshot of FROM, which no app server writes meanwhile (on SQLite: its write lock), into TO
        with database.write(src), database.write(dst):
            for table in TABLES:
                counts[table] = _copy_table(src, dst, table)
        return counts
    finally:
        src.close()
        dst.close()


def _copy_table(src: database.Database, dst: database.Database, table: str) -> int:
    """Copy one table's rows in batches, games in the order they were stored (history's ties follow it)."""
    kept = set(dst.columns(table))  # read once: a condition of the comprehension would ask per column
    columns = [c for c in src.columns(table) if c in kept]
    order = " order by rowid" if table == "games" else ""
    names = ", ".join(columns)
    copied, batch = 0, []
    for row in src.query(f"select {names} from {table}{order}"):
        batch.append(row)
        if len(batch) >= BATCH:
            dst.insert_all(table, batch)
            copied, batch = copied + len(batch), []
    dst.insert_all(table, batch)
    return copied + len(batch)
