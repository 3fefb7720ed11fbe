"""The admin's sign-ins, kept in the store (table `admin_sessions`): the browser's signed cookie names one, and
signing out deletes it, so a copy of that cookie taken before is refused by every worker of every server."""

from __future__ import annotations

import secrets
import time

from .dbapi import Database


def start(db: Database, seconds: int) -> str:
    """A new sign-in's id, good for `seconds`; the sign-ins already over are deleted on the way (a row each)."""
    session_id, now = secrets.token_urlsafe(24), time.time()
    db.execute("delete from admin_sessions where ends <= ?", [now])
    db.execute("insert into admin_sessions (id, ends) values (?, ?)", [session_id, now + seconds])
    return session_id


def active(db: Database, session_id: str) -> bool:
    """Whether the sign-in is still on: neither signed out nor over."""
    rows = db.query("select id from admin_sessions where id = ? and ends > ?", [session_id, time.time()])
    return next(iter(rows), None) is not None


def end(db: Database, session_id: str) -> None:
    """Sign out: the sign-in is over for every worker and server that shares the store."""
    db.execute("delete from admin_sessions where id = ?", [session_id])
