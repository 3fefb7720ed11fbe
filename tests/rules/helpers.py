"""Small builders shared by the rules tests."""

from scorekeeper import rules
from scorekeeper.rules import Game, Invalid


def game(rules_id, players, played=(), first_dealer=0, **options):
    """A Game of `rules_id` with the rounds `played` (named so, since some games have an option `rounds`)."""
    return Game(rules_id, list(players), dict(options), first_dealer, list(played))


def play(rules_id, players, played=(), first_dealer=0, **options):
    """The Result of playing those rounds."""
    return rules.play(game(rules_id, players, played, first_dealer, **options))


def problems(rules_id, players, played=(), first_dealer=0, **options):
    """The problems raised by an invalid game (the test fails if it is valid)."""
    try:
        rules.play(game(rules_id, players, played, first_dealer, **options))
    except Invalid as exc:
        return exc.problems
    raise AssertionError("the game was accepted")


def changed(rules_id, players, played, changes, **options):
    """The Result of a game whose table changed as it played (RULES.md section 8: `changes`, FORMAT.md)."""
    return rules.play(Game(rules_id, list(players), options, 0, list(played), changes))


def refused(rules_id, players, played, changes, **options):
    """The one problem a game with changes is refused for (the test fails if it is accepted)."""
    try:
        changed(rules_id, players, played, changes, **options)
    except Invalid as exc:
        return exc.problems[0]
    raise AssertionError("the game was accepted")
