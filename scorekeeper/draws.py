"""A club night's seating draws (RULES.md section 7): the players present, seated at tables of the games chosen.

Pure Python, like the rules: names, the games' player ranges and what the evening already played come in, the
tables go out. Tables are as few as the games' ranges allow, their sizes differing by at most one; seats and the
first dealer are drawn at random. A later draw first minimises the pairs of players who already sat at one table
that evening, then the players seated at a game they already played. Everything random comes from one seed, so a
draw made again from its seed and its inputs is the same draw.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .rules import N_, Invalid, problem
from .rules.unseen import player_key

RESTARTS = 12  # fresh starts of the search at most, the best kept
PASSES = 40  # rounds of improving swaps per start at most (a start stops sooner when nothing improves)
BUDGET = 400_000  # swaps weighed per draw at most, whatever the players' number: a fixed amount of work (never a
# time limit), so that a seed gives one draw on any machine; about 0.3 s of one core for 300 players


@dataclass(frozen=True)
class Game:
    """A game that may be drawn: its id and the players a table of it takes."""

    id: str
    min_players: int
    max_players: int


@dataclass(frozen=True)
class Table:
    """A drawn table: its game, its players in seat order (clockwise) and the seat that deals first."""

    game: str
    seats: tuple[str, ...]
    dealer: int


def plan(count: int, games: Sequence[Game], rng: random.Random) -> list[tuple[Game, int]]:
    """The tables for `count` players: as few as the games' ranges allow, sizes differing by at most one, the games
    of a mix taking turns (in an order drawn at random); Invalid when no table can be made."""
    order = list(games)
    rng.shuffle(order)
    fewest = min(g.min_players for g in games)
    most = max(g.max_players for g in games)
    for tables in range(max(1, -(-count // most)), count // fewest + 1):
        dealt = _deal(count, tables, order)
        if dealt is not None:
            return dealt
    raise Invalid([too_few(count, fewest)] if count < fewest else [cannot_seat(count)])


def _deal(count: int, tables: int, order: list[Game]) -> list[tuple[Game, int]] | None:
    """`tables` tables of `count` players, each given a game of `order` in turn, each size within its game's
    range (the larger tables to the games that take them), or None when these sizes do not fit these games."""
    small, larger = divmod(count, tables)
    kinds = [order[i % len(order)] for i in range(tables)]
    big_ok = [g for g in kinds if g.min_players <= small + 1 <= g.max_players]
    small_ok = [g for g in kinds if g.min_players <= small <= g.max_players]
    if any(g not in big_ok and g not in small_ok for g in kinds):
        return None
    only_big = [i for i, g in enumerate(kinds) if g not in small_ok]
    flexible = [i for i, g in enumerate(kinds) if g in small_ok and g in big_ok]
    if len(only_big) > larger or len(only_big) + len(flexible) < larger:
        return None
    bigger = set(only_big + flexible[: larger - len(only_big)])
    return [(g, small + 1 if i in bigger else small) for i, g in enumerate(kinds)]


def too_few(count: int, needed: int):
    """The problem of a draw with fewer players than the smallest table takes."""
    return problem(
        N_("Too few players for a table: %(n)d present, at least %(needed)d needed."),
        n=count,
        needed=needed,
        field="present",
    )


def cannot_seat(count: int):
    """The problem of a number of players no tables of these games add up to."""
    return problem(
        N_("%(n)d players cannot all be seated at tables of these games: leave one out or add a game."),
        n=count,
        field="present",
    )


def draw(
    players: Sequence[str],
    games: Sequence[Game],
    seed: int,
    met: Iterable[Iterable[str]] = (),
    played: Iterable[tuple[str, str]] = (),
) -> list[Table]:
    """Seat `players` (distinct names) at tables of `games`. `met`: the tables the evening already sat (each a list
    of names); `played`: (name, game id) of the games each already played. The same inputs and seed give the
    same tables."""
    rng = random.Random(seed)
    tables = plan(len(players), games, rng)
    index = {player_key(name): i for i, name in enumerate(players)}
    seen = _met_before(index, met)
    done = _unavoidable_dropped({(index[player_key(n)], game) for n, game in played if player_key(n) in index}, games)
    seating = _search(len(players), tables, seen, done, rng)
    drawn = []
    for (game, _size), members in zip(tables, seating, strict=True):
        rng.shuffle(members)
        drawn.append(Table(game.id, tuple(players[i] for i in members), rng.randrange(len(members))))
    return drawn


def _met_before(index: dict[str, int], met: Iterable[Iterable[str]]) -> list[set[int]]:
    """Each player's set of players present who already sat at one table with them this evening."""
    seen: list[set[int]] = [set() for _ in index]
    for table in met:
        here = {index[k] for name in table if (k := player_key(name)) in index}
        for i in here:
            seen[i] |= here - {i}
    return seen


def _unavoidable_dropped(done: set[tuple[int, str]], games: Sequence[Game]) -> set[tuple[int, str]]:
    """The games played already, without those of players who played every game of this draw: whatever their
    table, they play a game again, and the search need not try."""
    ids = {g.id for g in games}
    every = {p for p, _ in done if all((p, g) in done for g in ids)}
    return {(p, g) for p, g in done if p not in every and g in ids}


def _search(
    count: int, tables: list[tuple[Game, int]], seen: list[set[int]], done: set[tuple[int, str]], rng: random.Random
) -> list[list[int]]:
    """The players' seating at the tables with the fewest repeated pairs, then the fewest games played again: the
    best of RESTARTS random starts each improved by swapping two players while a swap helps."""
    best: tuple[int, int] | None = None
    found: list[list[int]] = []
    budget = BUDGET
    for _ in range(RESTARTS if any(seen) or done else 1):
        seating = Seating(count, tables, seen, done, rng)
        budget = seating.improve(budget)
        if best is None or seating.cost() < best:
            best, found = seating.cost(), seating.members()
        if best == (0, 0) or budget <= 0:
            break
    return found


class Seating:
    """One seating of the players, improved by swaps. `near[p][t]` counts the players at table t whom p already
    met, so the change a swap makes is worked out in a few additions, whatever the tables' sizes."""

    def __init__(
        self,
        count: int,
        tables: list[tuple[Game, int]],
        seen: list[set[int]],
        done: set[tuple[int, str]],
        rng: random.Random,
    ):
        """A random seating of `count` players at `tables` (each a game and its size)."""
        order = list(range(count))
        rng.shuffle(order)
        self.games = [game.id for game, _size in tables]
        self.at = [0] * count
        start = 0
        for t, (_game, size) in enumerate(tables):
            for p in order[start : start + size]:
                self.at[p] = t
            start += size
        self.seen, self.done, self.rng = seen, done, rng
        self.near = [[0] * len(tables) for _ in range(count)]
        for p in range(count):
            for q in seen[p]:
                self.near[q][self.at[p]] += 1

    def again(self, p: int, t: int) -> int:
        """1 if player p already played table t's game this evening."""
        return (p, self.games[t]) in self.done

    def cost(self) -> tuple[int, int]:
        """Pairs who met before at one table, then players at a game they already played."""
        pairs = sum(self.near[p][self.at[p]] for p in range(len(self.at))) // 2
        return pairs, sum(self.again(p, self.at[p]) for p in range(len(self.at)))

    def gain(self, p: int, q: int) -> tuple[int, int]:
        """What swapping players p and q changes in the cost (pairs, games again)."""
        a, b, near = self.at[p], self.at[q], self.near
        met = q in self.seen[p]
        pairs = near[p][b] + near[q][a] - 2 * met - near[p][a] - near[q][b]
        return pairs, self.again(p, b) + self.again(q, a) - self.again(p, a) - self.again(q, b)

    def swap(self, p: int, q: int) -> None:
        """Swap players p and q, keeping `near` up to date."""
        a, b = self.at[p], self.at[q]
        for x in self.seen[p]:
            self.near[x][a] -= 1
            self.near[x][b] += 1
        for x in self.seen[q]:
            self.near[x][b] -= 1
            self.near[x][a] += 1
        self.at[p], self.at[q] = b, a

    def improve(self, budget: int) -> int:
        """Swap a player who met a table-mate before (or plays a game again) with whoever lowers the cost most,
        while someone does and the budget of swaps weighed lasts; what is left of the budget."""
        players = list(range(len(self.at)))
        for _ in range(PASSES):
            moved = False
            self.rng.shuffle(players)
            for p in players:
                if not self.near[p][self.at[p]] and not self.again(p, self.at[p]):
                    continue
                if budget <= 0:
                    return budget
                budget -= len(players)
                partner = self.partner(p, players)
                if partner is not None:
                    self.swap(p, partner)
                    moved = True
            if not moved:
                break
        return budget

    def partner(self, p: int, players: list[int]) -> int | None:
        """The player whose swap with p lowers the cost most, or None if no swap lowers it (the gain, inlined: this
        is where a draw spends its time)."""
        a, at, near, done, games = self.at[p], self.at, self.near, self.done, self.games
        near_p, seen_p, game_a = near[p], self.seen[p], games[a]
        again_p = (p, game_a) in done
        best, partner = (0, 0), None
        for q in players:
            b = at[q]
            if b == a:
                continue
            near_q = near[q]
            pairs = near_p[b] + near_q[a] - near_p[a] - near_q[b] - 2 * (q in seen_p)
            if pairs > best[0]:
                continue
            game_b = games[b]
            again = ((p, game_b) in done) + ((q, game_a) in done) - again_p - ((q, game_b) in done)
            if (pairs, again) < best:
                best, partner = (pairs, again), q
        return partner

    def members(self) -> list[list[int]]:
        """The players at each table."""
        seated: list[list[int]] = [[] for _ in self.games]
        for p, t in enumerate(self.at):
            seated[t].append(p)
        return seated
