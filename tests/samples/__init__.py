"""Each registered game's sample: everything the shared tests know of a game, in the game's own file
(`tests/samples/<module>.py`, the one its registry line names). The tests every game shares iterate over
the registry and take from here:

    GAME         a short, finished game file: the contract test plays it through every piece
    SCORES       the points of each of GAME's rounds, worked out by hand from RULES.md
    OTHER_FIRST  another valid first round
    BLANK        words its blank pad prints
    posts(round, game)   the form posts that enter a round, step by step
    TAPS         one round tapped in on a phone (Taps): the browser tests' steps
    full_game(players)   a whole game for any player count the rules take, played to the end
    BIGGEST(n)   the biggest table: a whole game for n players with the widest numbers the rules allow
    SHEET        a game file and what its completed sheet prints (Sheet)
    LONG         a game file whose options allow far more rounds than it played (None if its length is no option)
    WARNED       a game file whose rounds the rules warn about (None if they never warn)
    long_game(played)    a game file of `played` rounds that is not over (only where no rule ends every game)
    STANDINGS    examples of RULES.md "Standings": (players, rounds, options, [(rank, side, total)], label)

This module holds what the samples share: how a game file is typed into the forms, and what the rules
derive from it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType

from scorekeeper import gamefile, registry, rules
from tests.web.helpers import HX, new_game, post_round, seats

__all__ = [
    "HX",
    "Example",
    "Posts",
    "Sheet",
    "Taps",
    "all_fields",
    "document",
    "enter",
    "expected",
    "first",
    "normalised",
]
__all__ += ["EIGHT", "NAMES", "exact_bids_posts", "exact_bids_round", "post_round", "sample", "seats", "start"]

Posts = list[tuple[str, dict[str, str]]]  # (step, form fields), in the order they are sent
Example = tuple[list[str], list[dict], dict, list[tuple[int, str, int]], str]  # a STANDINGS example
NAMES = ["Zoë", "Łukasz", "Őrs", "François"]  # letters beyond Western Europe: sheets must print them
EIGHT = NAMES + ["Ana-Lucía", "Søren", "Maximilian", "Jean-Baptiste"]  # the biggest table, long names


@dataclass(frozen=True)
class Taps:
    """One round tapped in on a phone, as the browser tests play it: the table, each step's fields as a
    player sets them (a chip's value, a box's number, "1" for a tick), one more tap per step that would
    change what it sends, the round the game file then holds and the totals the board then shows."""

    players: list[str]
    options: dict[str, str]
    steps: list[dict[str, str]]
    changes: list[tuple[str, str]]  # per step: (field, value)
    stored: dict
    totals: list[int]
    reveal: dict[str, str] = field(default_factory=dict)  # taps that open a hidden part of the first step


@dataclass(frozen=True)
class Sheet:
    """What the completed sheet of a game file prints: the totals row's label, the totals as printed (the
    winners' starred) and the winners."""

    game: dict
    label: str
    totals: list[str]
    winners: list[str]


def document(rules_id: str, players: list[str], rounds: list[dict], **options) -> dict:
    """A game file."""
    return {
        "format": "scorekeeper-game/1",
        "rules": rules_id,
        "options": options,
        "players": list(players),
        "first_dealer": 0,
        "rounds": rounds,
    }


def sample(rules_id: str) -> ModuleType:
    """The sample module of a registered game."""
    return registry.load(registry.get(rules_id).sample)


def option_text(value) -> str:
    """An option's value as typed in the new-game form (a list of hands as "3 2", yes or no)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    return "" if value is None else str(value)


def setup_fields(document: dict) -> dict[str, str]:
    """The new-game form that sets a game file's players, first dealer and options."""
    fields = seats("player", document["players"])
    fields["dealer"] = str(document.get("first_dealer", 0))
    fields.update({f"option.{name}": option_text(v) for name, v in document.get("options", {}).items()})
    return fields


def all_fields(posts: Posts) -> dict[str, str]:
    """Every field of a round's posts at once, as the correction form sends them."""
    return {k: v for _step, fields in posts for k, v in fields.items()}


def expected(document: dict) -> dict:
    """The result section the rules derive from a game file."""
    return gamefile.result_document(rules.play(gamefile.from_document(document)))


def normalised(document: dict) -> list[dict]:
    """A game file's rounds as the rules record them."""
    return [r.round for r in rules.play(gamefile.from_document(document)).rounds]


def first(document: dict, count: int) -> dict:
    """The game file cut after its first `count` rounds."""
    return {**document, "rounds": document["rounds"][:count]}


def start(client, document: dict) -> str:
    """Start a game file's game (no rounds yet) through the new-game form; its address."""
    return new_game(client, document["rules"], setup_fields(document))


def enter(client, document: dict, headers=None, url: str | None = None) -> str:
    """Start a game file's game through the new-game form (unless `url` is given) and type in every
    round, checking each answer (a redirect, or with htmx the new form and board); its address."""
    url = url or start(client, document)
    module = sample(document["rules"])
    for number, rnd in enumerate(document["rounds"], start=1):
        for step, fields in module.posts(rnd, document):
            response = post_round(client, url, number, step, fields, headers)
            said = response.get_data(as_text=True)
            if headers:
                assert response.status_code == 200, said
                assert said.lstrip().startswith('<section id="round-form"') and "<html" not in said
            else:
                assert response.status_code == 303, said
    return url


def exact_bids_posts(rnd: dict, game: dict) -> Posts:
    """A round of a game of exact bids as it is typed in: the bids (and the trump, where the round has one),
    then the tricks."""
    trump = {"trump": rnd["trump"] or "none"} if "trump" in rnd else {}
    return [("bids", {**seats("bids", rnd["bids"]), **trump}), ("tricks", seats("tricks", rnd["tricks"]))]


def exact_bids_round(k: int, cards: int, n: int) -> dict:
    """Round `k` (from 0) of a game of exact bids, `cards` each for `n` players: the tricks spread around the
    table, every bid made but one, which is one off, so the bids never add up to the cards (the dealer's hook)."""
    tricks = [0] * n
    for trick in range(cards):
        tricks[(k + trick * (1 + k % 2)) % n] += 1
    bids = list(tricks)
    off = k % n
    bids[off] += 1 if tricks[off] < cards else -1
    return {"bids": bids, "tricks": tricks}
