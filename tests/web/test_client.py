"""Who this client is is worked out once per request: what its phone was given of a game (to watch, score or
own it) is read from the store once, however many checks the request makes."""

from __future__ import annotations

from scorekeeper import phones
from tests import pick
from tests.samples import sample, start

from .helpers import HX, post_round

GAME = sample(pick.game(pick.one_form)).GAME  # a game whose round is one request


def counted(monkeypatch, module, name: str) -> list[int]:
    """Count the calls of `module.name` from here on."""
    calls: list[int] = []
    original = getattr(module, name)

    def call(*args, **kwargs):
        calls.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, call)
    return calls


def test_a_round_saved_reads_what_the_phone_was_given_of_the_game_once(client, monkeypatch):
    url = start(client, GAME)
    given = counted(monkeypatch, phones, "given")
    ((step, fields),) = pick.posts(GAME, 1)
    saved = post_round(client, url, 1, step, fields, HX)  # may it score, the answer's board and share panel
    assert saved.status_code == 200 and 'id="round-1"' in saved.get_data(as_text=True)
    assert len(given) == 1
