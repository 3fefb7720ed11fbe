"""The interface every game's rules implement, and the driver that plays a game from its rounds.

Pure Python: no Flask, no database. A game is what was said at the table (players, options,
rounds); everything else (scores, totals, the dealer, the end, the winners) is derived here.
Messages are English msgids with %-style parameters; the web layer and the command line translate
them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .problems import N_, Invalid, Msgid, Problem, fail, problem
from .setup import Option, check_options

__all__ = ["N_", "Game", "Invalid", "Msgid", "Option", "Problem", "Result", "RoundResult", "Rules", "State"]
__all__ += ["Standing", "Upcoming", "fail", "problem"]


@dataclass
class Game:
    """What was said at the table: the players, the options and the rounds as entered."""

    rules: str
    players: list[str]
    options: dict = field(default_factory=dict)
    first_dealer: int = 0
    rounds: list[dict] = field(default_factory=list)
    changes: list[dict] = field(default_factory=list)  # who came, sat out, left...: RULES.md section 8


@dataclass
class State:
    """Where a game stands after some rounds; each rules module may add to `extra`."""

    totals: list[int]
    dealer: int  # who deals the next round
    played: int = 0  # rounds applied so far
    finished: bool = False
    winners: list[int] = field(default_factory=list)  # side indexes
    ending: Problem | None = None  # why the game ended, as a message
    extra: dict = field(default_factory=dict)
    lineup: Any = None  # a game with changes: who sits where, who left (rules/lineup.py's Table)


@dataclass
class RoundResult:
    """What one recorded round did: its dealer and hand size, and the points per side."""

    number: int
    dealer: int
    cards: int | None
    round: dict  # the round as recorded, normalised
    scores: list[int]
    totals: list[int]
    marks: dict = field(default_factory=dict)  # per-game display facts (made bids, cut-off...)
    notes: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    entry: dict = field(default_factory=dict)  # what the round's form offered (Rules.entry), for a correction
    # who played it, in seat order, when the players changed (RULES.md section 8); `entry` then offers
    # to them alone, indexed as this list is
    players: list[int] | None = None


@dataclass
class Upcoming:
    """The round to be played next: who deals, how many cards, who starts."""

    number: int
    dealer: int
    cards: int | None
    first: int  # the seat that bids, leads or bets first
    order: list[int]  # seats in playing or betting order
    notes: list[Problem] = field(default_factory=list)
    extra: dict = field(default_factory=dict)
    entry: dict = field(default_factory=dict)  # what the round's form offers (Rules.entry)
    players: list[int] | None = None  # as RoundResult.players: who plays it when the players changed


@dataclass(frozen=True)
class Standing:
    """One side's place in the standings: its rank (shared on a tie), the side and its total."""

    rank: int
    side: int
    total: int


def ranked(keys: list[tuple], totals: list[int]) -> list[Standing]:
    """The sides best first by `keys` (smaller is better); equal keys share a rank (1, 2, 2, 4)."""
    order = sorted(range(len(keys)), key=lambda side: keys[side])
    return [Standing(1 + sum(1 for other in keys if other < keys[side]), side, totals[side]) for side in order]


@dataclass
class Result:
    """A game played through: every round's scores and totals, the end, the winners and the standings."""

    sides: list[str]
    rounds: list[RoundResult]
    totals: list[int]
    finished: bool
    winners: list[int]
    ending: Problem | None
    upcoming: Upcoming | None
    state: State
    standings: list[Standing] = field(default_factory=list)  # best first, as RULES.md "Standings" orders them
    lineup: Any = None  # a game with changes: rules/lineup.py's Table as the game stands

    def winner_names(self) -> list[str]:
        """The winners' side names."""
        return [self.sides[i] for i in self.winners]

    def holders(self, players: list[str]) -> list[str]:
        """Each seat's name now, from the game's `players`: a seat handed over under its last holder, a latecomer's
        name added (RULES.md 8)."""
        return list(self.lineup.names) if self.lineup is not None else list(players)

    def at_table(self) -> list[str]:
        """The sides at the table now (the game's header): a player who left is no longer one (RULES.md 8)."""
        gone = self.lineup.gone if self.lineup is not None else {}
        return [side for k, side in enumerate(self.sides) if k not in gone]

    def leaders(self) -> list[int]:
        """The sides ranked first: the winners once the game is over, else who leads (none before a round)."""
        if not self.rounds:
            return []
        return [s.side for s in self.standings if s.rank == 1]


@dataclass(frozen=True)
class Statistic:
    """Something a game's statistics count for each player, and how their games add up."""

    key: str
    label: str  # msgid
    # "rate": made of tried, shown in %; "count": summed; "mean": summed over the count; "best": the largest
    kind: str = "count"


class Rules:
    """One game's rules. Subclasses set the class attributes and the hooks below."""

    id: str = ""
    name: str = ""  # msgid
    blurb: str = ""  # one line, msgid
    min_players: int = 2
    max_players: int = 8
    options: tuple[Option, ...] = ()
    lowest_wins: bool = False
    # the steps a round is entered in; all but the last are kept as a draft between taps
    steps: tuple[str, ...] = ("round",)
    # what a round holds in the game file besides `dealer` (GAMEFILE.md lists them); check_round refuses any other
    round_fields: tuple[str, ...] = ()
    stats: tuple[Statistic, ...] = ()  # what `statistics` counts, in the order a player's page shows it

    # -- setup ---------------------------------------------------------------------------------
    def check_setup(self, players: list[str], options: dict) -> dict:
        """Check the player count and options; return the options with defaults filled in."""
        return check_options(self, players, options)

    def option_default(self, option: Option, players: list[str]):
        """The default of an option, which may depend on the player count."""
        return option.default

    def sides(self, players: list[str], options: dict) -> list[str]:
        """Who scores: the players by default."""
        return list(players)

    # -- playing -------------------------------------------------------------------------------
    def start(self, game: Game) -> State:
        """The state before the first round."""
        n = len(self.sides(game.players, game.options))
        return State(totals=[0] * n, dealer=game.first_dealer)

    def next_dealer(self, game: Game, state: State, dealer: int) -> int:
        """Who deals after `dealer`: clockwise by default."""
        return (dealer + 1) % len(game.players)

    def can_deal(self, game: Game, state: State, seat: int) -> bool:
        """Whether `seat` may be named dealer of the next round."""
        return True

    def cards(self, game: Game, state: State) -> int | None:
        """How many cards each player is dealt in the next round."""
        return None

    def order(self, game: Game, state: State, dealer: int) -> list[int]:
        """Seats in playing order for a round dealt by `dealer`: from the dealer's left."""
        n = len(game.players)
        return [(dealer + 1 + k) % n for k in range(n)]

    def upcoming_notes(self, game: Game, state: State) -> list[Problem]:
        """Anything the table must know before the next round (a tie-break round...)."""
        return []

    def upcoming_extra(self, game: Game, state: State, dealer: int) -> dict:
        """Game-specific facts about the next round (who may beg, the bank...)."""
        return {}

    def entry(self, game: Game, state: State, dealer: int) -> dict:
        """What the form of the round dealt by `dealer` offers, as data (see rules/fields.py): the numbers
        each field takes, choices, points tables, who starts. Screens, form readers and scripts read it."""
        return {}

    def dealt(self, game: Game, state: State) -> list[Problem]:
        """What stops the pack dealing the next round to the players of `game` (nothing, but in a game whose hand
        sizes were set at the start for fewer players: RULES.md section 8)."""
        return []

    def check_draft(self, game: Game, state: State, step: str, draft: dict) -> dict:
        """Check the first steps of a round (bids before tricks); return it normalised."""
        raise fail(N_("This game has no step named %(step)s."), step=step)

    def draft_warnings(self, game: Game, state: State, draft: dict) -> list[Problem]:
        """Warnings about a checked draft, shown while the rest of the round is entered."""
        return []

    def check_round(self, game: Game, state: State, rnd: dict) -> tuple[dict, list[Problem]]:
        """Check one round against the state before it; return it normalised, and warnings."""
        raise NotImplementedError

    def apply(self, game: Game, state: State, rnd: dict) -> tuple[list[int], dict, list[Problem]]:
        """Score a checked round: update `state`; return the points per side, marks and notes."""
        raise NotImplementedError

    def add_up(self, state: State, scores: list[int]) -> None:
        """Add a round's points, by side, to the totals."""
        state.totals = [t + s for t, s in zip(state.totals, scores, strict=True)]

    def end(self, state: State, ending: Problem, winners: list[int] | None = None) -> None:
        """The game is over, for the reason `ending` gives; its winners are `winners`, else the best total."""
        state.finished, state.ending = True, ending
        if winners is not None:
            state.winners = winners

    def last_hand(self, state: State, hands: int) -> bool:
        """End the game once its last hand (of `hands`) is played; whether it ended."""
        if state.played + 1 < hands:
            return False
        self.end(state, problem(N_("The last hand has been played.")))
        return True

    def winners(self, game: Game, state: State) -> list[int]:
        """The winning sides once the game is over: best total, ties shared."""
        best = min(state.totals) if self.lowest_wins else max(state.totals)
        return [i for i, t in enumerate(state.totals) if t == best]

    def standing_keys(self, game: Game, state: State, rounds: list[RoundResult]) -> list[tuple]:
        """Each side's place in the standings as a key, smaller first: by total, best first. A game whose
        end decides otherwise adds its own tie-breaks; the driver puts the winners first."""
        return [(t,) if self.lowest_wins else (-t,) for t in state.totals]

    def standings(self, game: Game, state: State, rounds: list[RoundResult]) -> list[Standing]:
        """The sides best first (RULES.md "Standings"): once the game is over its winners first, then by
        the game's keys; equal places share a rank."""
        winners = state.winners if state.finished else []
        keys = [(side not in winners, *key) for side, key in enumerate(self.standing_keys(game, state, rounds))]
        return ranked(keys, state.totals)

    # -- players who come and go (RULES.md section 8; rules/lineup.py plays them) ----------------
    # what a table may change: a game of fixed sides (All Fours) only hands a seat over, adjusts, stops
    lineup_changes: tuple[str, ...] = ("join", "sit_out", "leave", "seat", "adjust", "stop")
    start_range: tuple[int, int] | None = (-9999, 9999)  # a latecomer's given start; None: the game sets it
    seat_fields: tuple[str, ...] = ()  # round fields naming a player (besides `dealer`); other lists go by seat
    seat_marks: tuple[str, ...] = ()  # marks (and upcoming extras) naming players; other lists go by seat
    leavers_out: bool = False  # a leaver ranks by standing_keys (as one out), not below everyone who stayed

    def join_start(self, game: Game, state: State) -> int:
        """A latecomer's starting total: the worst total at the table (`state` holds the players still in)."""
        return max(state.totals) if self.lowest_wins else min(state.totals)

    def sit_out_score(self, scores: list[int]) -> int:
        """What sitting out a round scores, given the scores of those who played it: nothing, except where
        the lowest total wins: there the round's highest score (stepping away must not pay)."""
        return max(scores) if self.lowest_wins else 0

    def check_adjust(self, game: Game, state: State, amounts: list[int]) -> list[Problem]:
        """Problems with an adjustment of these points by side (a transfer must add up to 0...)."""
        return []

    def adjust(self, game: Game, state: State, amounts: list[int]) -> None:
        """Add an adjustment's points, by side, to the totals."""
        self.add_up(state, amounts)

    def decide_end(self, game: Game, state: State) -> None:
        """Decide again whether the game is over, after a change or a round some sat out; `game` and `state`
        hold the players still in. By default what the last round decided stands."""

    def project_extra(self, extra: dict, members: list[int]) -> dict:
        """`state.extra` seen by the players `members` alone (indexed as that list); by default as it is."""
        return dict(extra)

    def merge_extra(self, extra: dict, seen: dict, members: list[int]) -> dict:
        """`extra` after the players `members` played with `seen` (project_extra's, moved on); by default it."""
        return dict(seen)

    # -- statistics ----------------------------------------------------------------------------
    def seat_side(self, game: Game, seat: int) -> int:
        """The side a seat scores for: the player's own by default."""
        return seat

    def statistics(self, game: Game, result: Result) -> list[dict[str, list[int]]]:
        """By seat, what the recorded rounds say of each player's play: {key: [value, count]} for each of
        `stats` (the count is what a rate or a mean divides by). None by default."""
        return [{} for _ in game.players]
