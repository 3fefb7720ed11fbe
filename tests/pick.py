"""How a shared test (any test outside tests/games/) picks the game it plays: by what it needs of one, from the
registry, never by its name (tests/test_shared_tests.py fails on a shared file that names a game).

    game()                        any game
    game(one_form, players(3))    a game whose rounds are one form, for three players
    game(bids_first)              a game whose rounds start with the bids

Among the games that have what a test needs, it gets the first by id: the order the games are registered or
found in decides nothing, and a game added or deleted only changes which one plays. What the test then
checks it reads from that game's rules and sample (tests/samples), never from what it knows of one game.
"""

from __future__ import annotations

from collections.abc import Callable

from scorekeeper import registry, rules
from scorekeeper.registry import Bundle
from scorekeeper.rules.exact_bids import ExactBids
from tests.markup import parse
from tests.samples import Posts, expected, normalised, sample

Need = Callable[[Bundle], bool]  # what a test needs of a game, asked of its bundle


def games(*needs: Need) -> list[Bundle]:
    """Every registered game with all of `needs`, by id."""
    return sorted((b for b in registry.GAMES if all(need(b) for need in needs)), key=lambda b: b.id)


def game(*needs: Need) -> str:
    """The id of a game with all of `needs` (the first by id); the test fails, saying which, if none has them."""
    found = games(*needs)
    assert found, f"no registered game has all of {[need.__name__ for need in needs]}"
    return found[0].id


def one_form(bundle: Bundle) -> bool:
    """Its round is entered in one form (no bids first)."""
    return rules.get(bundle.id).steps == ("round",)


def bids_first(bundle: Bundle) -> bool:
    """Its round starts with the bids, the tricks after."""
    return rules.get(bundle.id).steps[0] == "bids"


def own_script(bundle: Bundle) -> bool:
    """Its pages load a script of its own."""
    return bundle.script


def players(count: int) -> Need:
    """It is played by `count` players."""

    def need(bundle: Bundle) -> bool:
        r = rules.get(bundle.id)
        return r.min_players <= count <= r.max_players

    need.__name__ = f"players({count})"
    return need


def option(name: str) -> Need:
    """Its new-game form has the option `name`."""

    def need(bundle: Bundle) -> bool:
        return any(o.name == name for o in rules.get(bundle.id).options)

    need.__name__ = f"option({name!r})"
    return need


def lasting(count: int) -> Need:
    """Its sample's whole game (full_game() of the sample's players) lasts `count` rounds or more."""

    def need(bundle: Bundle) -> bool:
        return len(sample(bundle.id).full_game()["rounds"]) >= count

    need.__name__ = f"lasting({count})"
    return need


def own_style(bundle: Bundle) -> bool:
    """Its pages load a style sheet of its own."""
    return bundle.style


def posts(document: dict, number: int) -> Posts:
    """The form posts that enter round `number` of a game file, step by step, as its sample types them."""
    return sample(document["rules"]).posts(normalised(document)[number - 1], document)


def sample_players(count: int) -> Need:
    """Its sample game (GAME) is a table of `count` players."""

    def need(bundle: Bundle) -> bool:
        return len(sample(bundle.id).GAME["players"]) == count

    need.__name__ = f"sample_players({count})"
    return need


def exact_bids(bundle: Bundle) -> bool:
    """Its rules are the shared ones of exact bids (rules/exact_bids.py): a bid pays when the tricks match it."""
    return isinstance(rules.get(bundle.id), ExactBids)


def round_field(name: str) -> Need:
    """Its rounds may hold the field `name` (a trump, say): one of its rules' `round_fields`."""

    def need(bundle: Bundle) -> bool:
        return name in rules.get(bundle.id).round_fields

    need.__name__ = f"round_field({name!r})"
    return need


def counts_reneges(bundle: Bundle) -> bool:
    """Its round's last step counts each player's reneges (reneges.0, reneges.1...), after an earlier step."""
    steps = posts(sample(bundle.id).GAME, 1)
    return len(steps) > 1 and "reneges.0" in steps[-1][1]


def typed_numbers(bundle: Bundle) -> bool:
    """Its sample's first round types a number in a box (its board.html draws an input of inputmode numeric for a
    field the round's last step posts), not only chips: the box's name up to its first dot names the field."""
    inputs = parse((bundle.folder / "board.html").read_text()).all("input")
    boxes = {box.attrs["name"].split(".")[0] for box in inputs if box.attrs.get("inputmode") == "numeric"}
    game = sample(bundle.id).GAME
    return any(name.split(".")[0] in boxes for name in posts(game, 1)[-1][1])


def changing_table(bundle: Bundle) -> bool:
    """Its sample walks a table that changes as it plays (LINEUP: a join, a sit-out, a leave; tests/lineup_walk.py)."""
    return getattr(sample(bundle.id), "LINEUP", None) is not None


def endless(bundle: Bundle) -> bool:
    """Its sample's long_game(played) lasts as many rounds as a test asks, still not over (1,000 or more)."""
    long_game = getattr(sample(bundle.id), "long_game", None)
    return long_game is not None and not expected(long_game(3))["finished"]


def solo(bundle: Bundle) -> bool:
    """Its sample game (GAME) is played by each player for themselves: its sides are its players, no teams."""
    game = sample(bundle.id).GAME
    return rules.get(bundle.id).sides(game["players"], game.get("options", {})) == game["players"]
