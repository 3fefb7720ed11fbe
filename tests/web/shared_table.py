"""The table several phones score in tests/web/test_share.py and test_undo_news.py: any game whose rounds start
with the bids (a step saved as a draft before the round is), three players, its sample's whole game for three
(tests/pick.py); how its rounds are posted, and another round the same bids allow."""

from urllib.parse import urlsplit

from scorekeeper.rules.problems import Invalid
from tests import pick
from tests.samples import expected, first, normalised, sample

from .helpers import links, post_round

P3 = ["Anne", "Julien", "Sylvie"]
EN = {"Accept-Language": "en"}


def moved(rnd: dict) -> dict:
    """The round with its tricks moved one seat round the table (another round the same bids allow)."""
    return {**rnd, "tricks": rnd["tricks"][1:] + rnd["tricks"][:1]}


def moves(bundle) -> bool:
    """Its whole game for three lasts three rounds or more, and its first, second and last rounds may each have
    their tricks moved one seat (the last then ending on other totals)."""
    game = sample(bundle.id).full_game(P3)
    rounds = game["rounds"]
    try:
        for number in (1, 2):
            expected({**game, "rounds": [*rounds[: number - 1], moved(rounds[number - 1])]})
        last = expected({**game, "rounds": [*rounds[:-1], moved(rounds[-1])]})
    except (Invalid, KeyError):  # a round without tricks, or one the rules refuse
        return False
    return len(rounds) >= 3 and last["totals"] != expected(game)["totals"]


GAME = sample(pick.game(pick.bids_first, pick.players(3), moves)).full_game(P3)  # its whole game, for three
NEW = f"/new/{GAME['rules']}"


def step(client, url, number, which, rnd=None, headers=None):
    """Post one step of round `number` (`which`: 0 the bids, -1 the last) as the sample types it, from the game's
    round `number` or `rnd`."""
    steps = pick.posts(GAME, number) if rnd is None else sample(GAME["rules"]).posts(rnd, GAME)
    name, fields = steps[which]
    return post_round(client, url, number, name, fields, headers)


def bids(client, url, number, headers=None, rnd=None):
    """Post the bids of round `number` (a draft: the round is saved with the last step)."""
    return step(client, url, number, 0, rnd, headers)


def tricks(client, url, number, headers=None, rnd=None):
    """Post the last step of round `number`, its bids in (the round is then saved)."""
    return step(client, url, number, -1, rnd, headers)


def play_round(client, url, number):
    """Enter a whole round as the scorer."""
    assert bids(client, url, number).status_code == 303
    assert tricks(client, url, number).status_code == 303


def round_of(number: int) -> dict:
    """Round `number` of the game, as the rules record it."""
    return normalised(first(GAME, number))[number - 1]


def score_link(client, url) -> str:
    """The score link's path, as the scorer's share panel shows it."""
    return urlsplit(links(client, url)["score-link"]).path
