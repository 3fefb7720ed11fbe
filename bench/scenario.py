"""The games a benchmark plays on: Tout ou rien, 6 players, the 7 hands 6-5-4-3-4-5-6, written into the
throw-away store before the server starts (so preparing them costs the measured server nothing)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from scorekeeper import db as database
from scorekeeper import rules, store
from scorekeeper.rules import Game

RULES = "tout-ou-rien"
HANDS = [6, 5, 4, 3, 4, 5, 6]
PLAYERS = ["Anne", "Julien", "Sylvie", "Pierre", "Łukasz", "Margaux"]
DEVICE = "bench-phone-0000000000"  # the device cookie of the phone that started every game here
SAVED = 6  # the round a measured save records: the response then carries round 7's form and the board


def play_rounds(hands: list[int], seed: int = 7) -> list[dict]:
    """Plausible rounds: bids, open or secret, tricks adding up to each hand size."""
    rnd = random.Random(seed)
    out = []
    for size in hands:
        tricks = [0] * len(PLAYERS)
        for _ in range(size):
            tricks[rnd.randrange(len(PLAYERS))] += 1
        bids = [t if rnd.random() < 0.5 else rnd.randrange(size + 1) for t in tricks]
        out.append({"bids": bids, "open": [rnd.random() < 0.3 for _ in PLAYERS], "tricks": tricks})
    return out


ROUNDS = play_rounds(HANDS)


def game(rounds: int, hands: list[int] = HANDS) -> Game:
    """The benchmark game with its first `rounds` rounds played."""
    return Game(RULES, list(PLAYERS), {"hands": list(hands)}, 0, [dict(r) for r in ROUNDS[:rounds]])


def bids_step(rnd: dict) -> dict:
    """The draft the bids step of a round leaves: who bids openly with their bids (secret ones come later)."""
    return {"bids": [b if o else None for b, o in zip(rnd["bids"], rnd["open"], strict=True)], "open": rnd["open"]}


def save_form(number: int) -> dict:
    """The fields htmx posts for the tricks step of round `number` (the post that records the round): the
    secret bids turned up and the tricks."""
    rnd = ROUNDS[number - 1]
    return {
        "number": str(number),
        "step": "tricks",
        **{f"bids.{k}": str(b) for k, (b, o) in enumerate(zip(rnd["bids"], rnd["open"], strict=True)) if not o},
        **{f"tricks.{k}": str(v) for k, v in enumerate(rnd["tricks"])},
    }


@dataclass
class Games:
    """Ids of the prepared games."""

    page: str  # 6 rounds played, round 7 to enter: the page a scorer's phone shows, polled by watchers
    page_version: int
    done: str  # all 7 rounds: the completed sheet
    saves: list  # games whose round SAVED waits for its tricks (bids already in), one per measured save


def prepare(path: Path | str, saves: int) -> Games:
    """Write the games into the store at `path` (a file's path or a postgresql:// URL; created and migrated
    here)."""
    database.migrate(str(path))
    db = database.connect(str(path))
    try:
        page = store.create(db, game(SAVED), DEVICE)
        done = store.create(db, game(len(HANDS)), DEVICE)
        template = store.create(db, game(SAVED - 1), DEVICE)
        store.save_draft(db, template, SAVED, "bids", bids_step(ROUNDS[SAVED - 1]))
        copies = clone(db, template, saves - 1)
        loaded = store.load(db, page)
        assert loaded is not None
        version = loaded.version
    finally:
        db.conn.close()
    return Games(page, version, done, [template] + copies)


def clone(db, game_id: str, copies: int) -> list[str]:
    """`copies` copies of a stored game, rows of every table that refers to it included."""
    tables = [t for t in db.table_names() if "game_id" in db.columns(t)]
    new_ids = [store.new_id() for _ in range(copies)]
    with database.write(db):
        _copy_rows(db, "games", "id", game_id, new_ids)
        for table in tables:
            _copy_rows(db, table, "game_id", game_id, new_ids)
    return new_ids


def _copy_rows(db, table: str, key: str, game_id: str, new_ids: list[str]) -> None:
    """Copy a game's rows of `table`, with `key` set to each new id."""
    columns = db.columns(table)
    chosen = ", ".join("?" if c == key else f'"{c}"' for c in columns)
    names = ", ".join(f'"{c}"' for c in columns)
    sql = f'insert into "{table}" ({names}) select {chosen} from "{table}" where "{key}" = ?'
    for new in new_ids:
        db.execute(sql, [new, game_id])


def completed(rounds: int = 10) -> Game:
    """A finished Tout ou rien game of `rounds` hands, for the in-process sheet timing."""
    hands = (HANDS * 2)[:rounds]
    played = play_rounds(hands, seed=11)
    finished = Game(RULES, list(PLAYERS), {"hands": hands}, 0, played)
    assert rules.play(finished).finished
    return finished
