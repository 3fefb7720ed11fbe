"""The table's memory: a summary of each game (sides, totals, ranks, winners, each player's statistics),
kept in the store beside the game and written by the store with every change of it (summaries.py); the
rounds stay the truth. History, the history CSV and the players' records read these summaries, so a page
over a thousand games never plays a thousand games again, and none has games piled up to summarise: a
game stored before summaries were written at each change is caught up a few at a time (CATCH_UP).

No Flask here: the views say which device asks, this module answers from the store.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field

from . import rules, store, summaries
from .db import Database, write
from .rules import Rules, Statistic
from .rules.unseen import player_key
from .summaries import SEP

NAMES = 1000  # games whose players the history's player filter offers (the admin's server may hold 30,000)
CATCH_UP = 0.25  # seconds a page may spend summarising games stored without a summary (one game at least)

# -- keeping the summaries -------------------------------------------------------------------------


def _scope(device: str | None, everything: bool) -> tuple[str, list]:
    """The join and condition that limit a query to the games this device knows (every game for the admin)."""
    if everything:
        return "", []
    return "join access a on a.game_id = g.id and a.device = ?", [device or ""]


def refresh(db: Database, device: str | None, everything: bool = False) -> int:
    """Summarise games of this device whose summary is missing or older than the game (stored before the
    store wrote one with every change), for CATCH_UP seconds at most; return how many."""
    join, params = _scope(device, everything)
    stale = f"select g.id from games g {join} left join summaries s on s.game_id = g.id "
    stale += "where s.version is null or s.version != g.version limit 50"
    done, deadline = 0, time.monotonic() + CATCH_UP
    for row in list(db.query(stale, params)):
        if done and time.monotonic() > deadline:
            break
        with write(db, row["id"]):
            stored = store.load(db, row["id"])
            if stored is not None:  # not deleted meanwhile
                summaries.store(db, stored.id, stored.version, stored.game, stored.result)
        done += 1
    return done


# -- reading them ----------------------------------------------------------------------------------


@dataclass
class Entry:
    """One game of the history: when, which game, and its summary."""

    id: str
    rules: str
    created: str
    updated: str
    finished: bool
    data: dict = field(default_factory=dict)

    @property
    def valid(self) -> bool:
        """Whether the game could be played through (always, unless its rules changed under it)."""
        return not self.data.get("invalid")

    @property
    def order(self) -> list[int]:
        """The sides in the order of the standings."""
        return sorted(range(len(self.data["sides"])), key=lambda side: self.data["ranks"][side])

    def seats_of(self, key: str) -> list[int]:
        """The seats of the player with this key (one, or none)."""
        return [s for s, name in enumerate(self.data["players"]) if player_key(name) == key]


def _escaped(text: str) -> str:
    """Text that a LIKE pattern matches as it is (its wildcards escaped with !)."""
    return text.replace("!", "!!").replace("%", "!%").replace("_", "!_")


def _where(rules_id: str | None, player: str | None) -> tuple[str, list]:
    """Extra conditions for the game and player filters."""
    clauses, params = [], []
    if rules_id:
        clauses.append("g.rules = ?")
        params.append(rules_id)
    if player and player_key(player):
        clauses.append("s.keys like ? escape '!'")  # like, not instr: PostgreSQL has no instr
        params.append("%" + _escaped(SEP + player_key(player) + SEP) + "%")
    return "".join(f" and {c}" for c in clauses), params


def entries(
    db: Database,
    device: str | None,
    everything: bool = False,
    *,
    rules_id: str | None = None,
    player: str | None = None,
    limit: int | None = None,
    offset: int = 0,
) -> tuple[list[Entry], int]:
    """This device's games, newest first, filtered by game and player; and how many match in all."""
    refresh(db, device, everything)
    join, params = _scope(device, everything)
    where, more = _where(rules_id, player)
    base = f"from games g {join} join summaries s on s.game_id = g.id and s.version = g.version where true{where}"
    count = next(iter(db.query(f"select count(*) as n {base}", params + more)))["n"]
    page = f" limit {int(limit)} offset {int(offset)}" if limit is not None else ""
    rows = db.query(
        f"select g.id, g.rules, g.created, g.updated, g.finished, s.data {base} "
        f"order by g.created desc, g.rowid desc{page}",
        params + more,
    )
    found = [
        Entry(r["id"], r["rules"], r["created"], r["updated"], bool(r["finished"]), json.loads(r["data"])) for r in rows
    ]
    return found, count


def of_games(db: Database, ids: list[str]) -> dict[str, dict]:
    """The up-to-date summaries of these games (a page's worth), by game id."""
    if not ids:
        return {}
    marks = ",".join("?" * len(ids))
    rows = db.query(
        "select s.game_id, s.data from summaries s join games g on g.id = s.game_id and g.version = s.version "
        f"where s.game_id in ({marks})",
        ids,
    )
    return {row["game_id"]: json.loads(row["data"]) for row in rows}


def names(db: Database, device: str | None, everything: bool = False) -> dict[str, str]:
    """The players of this device's latest NAMES games, key -> the spelling of their latest game, in alphabetical
    order."""
    join, params = _scope(device, everything)
    spelled: dict[str, str] = {}
    latest = f"select g.players, g.changes, g.created from games g {join} order by g.created desc limit {NAMES}"
    oldest_first = f"select latest.players, latest.changes from ({latest}) latest order by latest.created"
    for row in db.query(oldest_first, params):
        for name in _held(json.loads(row["players"]), row["changes"]):
            spelled[player_key(name)] = name.strip()
    return dict(sorted(spelled.items(), key=lambda kv: kv[0]))


def _held(players: list[str], changes: str | None) -> list[str]:
    """The names that held a seat in a game: its players, then whoever a seat was handed over to."""
    game = rules.Game("", players, changes=json.loads(changes) if changes else [])
    return summaries.everyone(game)


# -- a player's record -----------------------------------------------------------------------------


@dataclass
class Record:
    """A player's record in one game: finished games played and won, totals, ranks and the game's statistics."""

    rules: Rules
    played: int = 0
    won: int = 0
    totals: list[int] = field(default_factory=list)
    rank_sum: int = 0
    stats: dict[str, list[int]] = field(default_factory=dict)

    @property
    def win_rate(self) -> float:
        """The share of games won, 0 to 1."""
        return self.won / self.played if self.played else 0.0

    @property
    def average(self) -> float:
        """The mean final total."""
        return sum(self.totals) / len(self.totals) if self.totals else 0.0

    @property
    def best(self) -> int | None:
        """The best final total: the highest, or the lowest where the lowest wins."""
        if not self.totals:
            return None
        return min(self.totals) if self.rules.lowest_wins else max(self.totals)

    @property
    def worst(self) -> int | None:
        """The worst final total."""
        if not self.totals:
            return None
        return max(self.totals) if self.rules.lowest_wins else min(self.totals)

    @property
    def average_rank(self) -> float:
        """The mean place in the standings."""
        return self.rank_sum / self.played if self.played else 0.0

    def add(self, entry: Entry, seat: int) -> None:
        """Count one finished game the player sat in at `seat`."""
        data = entry.data
        side = data["seat_side"][seat]
        self.played += 1
        self.won += side in data["winners"]
        self.totals.append(data["totals"][side])
        self.rank_sum += data["ranks"][side]
        for stat in self.rules.stats:
            value, count = data["stats"][seat].get(stat.key, [0, 0])
            mine = self.stats.setdefault(stat.key, [0, 0])
            mine[0] = max(mine[0], value) if stat.kind == "best" else mine[0] + value
            mine[1] += count

    def statistics(self) -> list[tuple[Statistic, list[int]]]:
        """The game's statistics with the player's [value, count] for each."""
        return [(stat, self.stats.get(stat.key, [0, 0])) for stat in self.rules.stats]


@dataclass
class Player:
    """A player across one device's games."""

    key: str
    name: str
    records: list[Record]
    games: list[Entry]  # every game they sat in, finished or not, newest first


def player(db: Database, device: str | None, name: str, everything: bool = False) -> Player | None:
    """The record of the player called `name` (case and spacing aside) in this device's games, or None."""
    key = player_key(name)
    if not key:
        return None
    games, _count = entries(db, device, everything, player=name)
    if not games:
        return None
    records: dict[str, Record] = {}
    for entry in games:
        seats = entry.seats_of(key) if entry.valid else []
        if entry.finished and seats and entry.data.get("finished"):
            rules_ = rules.get(entry.rules)
            records.setdefault(entry.rules, Record(rules_)).add(entry, seats[0])
    # a player who handed their seat over has no seat at the end there: their name as asked, then
    spelled = next((entry.data["players"][s] for entry in games for s in entry.seats_of(key)), name)
    order = {r.id: k for k, r in enumerate(rules.all_rules())}
    ordered = sorted(records.values(), key=lambda r: order.get(r.rules.id, len(order)))
    return Player(key, spelled.strip(), ordered, games)
