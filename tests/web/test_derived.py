"""A game is derived from its rounds once per version: a save plays only its own round, a page none, and
a change made elsewhere (another worker) is seen at once, because the stored rounds stay the truth."""

from __future__ import annotations

import pytest

from scorekeeper import rules, store
from tests import pick
from tests.samples import enter, first, normalised, sample

from .helpers import HX, post_round, reading, text

pytestmark = pytest.mark.two_engines  # each test runs on SQLite and on PostgreSQL

GAME = sample(pick.game(pick.lasting(6))).full_game()  # a whole game of six rounds or more


@pytest.fixture
def played(monkeypatch):
    """Counts the rounds the rules play, from here on."""
    seen = []
    real = rules.rounds.play_round

    def counting(*args):
        seen.append(args[-1])
        return real(*args)

    monkeypatch.setattr(rules.rounds, "play_round", counting)
    return seen


def test_a_save_plays_its_own_round_and_a_page_none(client, played):
    url = enter(client, first(GAME, 5))
    *before, (step, fields) = pick.posts(GAME, 6)
    for earlier, said in before:  # the bids, say: round 6 is played once its last step comes
        assert post_round(client, url, 6, earlier, said).status_code == 303
    client.get(url)  # the scorer's page: the game as it stands is derived at most once here
    played.clear()
    assert post_round(client, url, 6, step, fields, HX).status_code == 200
    assert len(played) == 1  # round 6 only, not rounds 1 to 6 (to read the form, check it, draw the page)
    played.clear()
    page = client.get(url)
    assert played == [] and 'id="round-6"' in page.get_data(as_text=True)


def test_a_change_made_by_another_worker_is_seen_at_once(app, client):
    url = enter(client, first(GAME, 1))
    client.get(url)  # this worker keeps the game at its version
    kept = dict(store.DERIVED.kept)
    with reading(app) as db:
        store.add_round(db, url.rsplit("/", 1)[1], 2, normalised(GAME)[1])
    store.DERIVED.kept.clear()
    store.DERIVED.kept.update(kept)  # as if the round had been saved by another process: nothing kept here
    page = client.get(url, headers={"Accept-Language": "en"})
    assert 'id="round-2"' in page.get_data(as_text=True)
    assert "Round 3" in text(page)
