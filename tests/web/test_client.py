"""Who this client is is worked out once per request: what its phone was given of a game (to watch, score or
own it) is read from the store once, however many checks the request makes."""

from __future__ import annotations

from scorekeeper import phones

from .helpers import HX, post_round, start

P3 = ["Anne", "Julien", "Sylvie"]
ROUND = {"other.0": 4, "other.1": 3, "other.2": 0, "nothing.2": 1}


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
    url = start(client, "inferno", P3)
    given = counted(monkeypatch, phones, "given")
    saved = post_round(client, url, 1, "round", ROUND, HX)  # may it score, the answer's board and share panel
    assert saved.status_code == 200 and 'id="round-1"' in saved.get_data(as_text=True)
    assert len(given) == 1
