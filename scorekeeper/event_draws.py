"""A club night's seating draws in the store: each draw as it was made (the players present, the games, the
organiser's options, the seed and the tables drawn), numbered in the evening's order. What was drawn is read back
as stored, never drawn again. SQL both engines take, as in events.py."""

from __future__ import annotations

import json
from dataclasses import dataclass

from .db import Database, write
from .draws import Table
from .events import bump

MAX_DRAWS = 30  # draws one club night keeps: an evening's rounds, many times over (its page lists them all)


@dataclass
class Drawn:
    """One stored draw: its number in the evening, its seed, when, and what it was made of."""

    number: int
    seed: int
    created: str
    present: list[str]
    games: list[str]
    options: dict[str, dict[str, str]]  # game id -> option name -> the value as the setup form takes it
    tables: list[Table]


def save(db: Database, event_id: str, drawn: Drawn) -> int | None:
    """Store a draw as the event's next; its number, or None when the event has all the draws it may have."""
    with write(db):
        bump(db, event_id)  # first: on PostgreSQL it holds the event's row, so two draws at once get two numbers
        rows = list(db.query("select count(*) as n from draws where event_id = ?", [event_id]))
        number = int(rows[0]["n"]) + 1
        if number > MAX_DRAWS:
            return None
        data = {
            "present": drawn.present,
            "games": drawn.games,
            "options": drawn.options,
            "tables": [{"game": t.game, "seats": list(t.seats), "dealer": t.dealer} for t in drawn.tables],
        }
        db.execute(
            "insert into draws (event_id, number, seed, created, data) values (?, ?, ?, ?, ?)",
            [event_id, number, drawn.seed, drawn.created, json.dumps(data, ensure_ascii=False)],
        )
    return number


def of_event(db: Database, event_id: str) -> list[Drawn]:
    """The event's draws, first first."""
    rows = db.query("select * from draws where event_id = ? order by number", [event_id])
    found = []
    for row in rows:
        data = json.loads(row["data"])
        tables = [Table(t["game"], tuple(t["seats"]), int(t["dealer"])) for t in data["tables"]]
        found.append(
            Drawn(
                int(row["number"]),
                int(row["seed"]),
                row["created"],
                data["present"],
                data["games"],
                data["options"],
                tables,
            )
        )
    return found
