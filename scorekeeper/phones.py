"""A phone's games: what each phone (its device id, client.py) was given of a game, to watch, score or own it,
and the lists of its games that the home page and the new-game form show."""

from __future__ import annotations

import json

from .dbapi import Database
from .rules.unseen import player_key


def grant(db: Database, device: str, game_id: str, role: str, seen: str, token: str | None = None) -> None:
    """Remember that `device` may watch, score or own the game (the home page lists these), as of `seen`."""
    db.upsert(
        "access",
        {"device": device, "game_id": game_id, "role": role, "token": token, "seen": seen},
        pk=("device", "game_id"),
    )


def given(db: Database, device: str | None, game_id: str) -> dict | None:
    """What `device` has been given for this game (its role, and the score link's token it joined with), if
    anything."""
    if not device:
        return None
    rows = list(db.query("select role, token from access where device = ? and game_id = ?", [device, game_id]))
    return rows[0] if rows else None


PASS_ON = """insert into access (device, game_id, role, token, seen)
select a.device, r.id, a.role, case when a.role = 'scorer' then r.score_token end, ?
from access a join games g on g.id = a.game_id join games r on r.id = ?
where g.id = ? and (a.role = 'owner' or (a.role = 'scorer' and a.token = g.score_token))"""


def pass_on(db: Database, finished: str, rematch: str, seen: str) -> None:
    """Give the rematch's phones what they had of the finished game: its owner owns the rematch, the phones that
    joined with its current score link score the rematch through the rematch's own link."""
    db.execute(PASS_ON, [seen, rematch, finished])


def forget(db: Database, game_id: str) -> None:
    """No phone has anything of a game any more (it is deleted)."""
    db.execute("delete from access where game_id = ?", [game_id])


def listing(
    db: Database, device: str | None, everything: bool = False, *, finished: bool | None = None, limit: int = 200
) -> list[dict]:
    """The latest `limit` games this device created or opened (every game for the admin), newest first."""
    columns = "g.id, g.rules, g.players, g.updated, g.finished, g.created"
    where = "" if finished is None else " and g.finished = ?"
    params: list = [] if finished is None else [int(finished)]
    if everything:
        query = f"select {columns}, 'admin' as role from games g where true{where}"
    else:
        query = f"select {columns}, a.role from games g join access a on a.game_id = g.id where a.device = ?{where}"
        params = [device or "", *params]
    rows = db.query(f"{query} order by g.updated desc limit {int(limit)}", params)
    return [{**row, "players": json.loads(row["players"]), "finished": bool(row["finished"])} for row in rows]


def known_names(db: Database, device: str | None) -> list[str]:
    """Names used in this device's latest 200 games, for the new-game form to offer."""
    names: dict[str, str] = {}
    for row in listing(db, device):
        for name in row["players"]:
            names.setdefault(player_key(name), name)
    return sorted(names.values(), key=player_key)
