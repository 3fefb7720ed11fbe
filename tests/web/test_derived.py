"""A game is derived from its rounds once per version: a save plays only its own round, a page none, and
a change made elsewhere (another worker) is seen at once, because the stored rounds stay the truth."""

from __future__ import annotations

import pytest

from scorekeeper import rules, store
from scorekeeper.db import connect

from .helpers import HX, post_round, start, text

pytestmark = pytest.mark.two_engines  # each test runs on SQLite and on PostgreSQL

P3 = ["Anne", "Julien", "Sylvie"]
ROUND = {"other.0": "3", "other.1": "3", "other.2": "3"}  # Inferno: 3 points each, nothing collected


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
    url = start(client, "inferno", P3)
    for number in range(1, 6):
        assert post_round(client, url, number, "round", ROUND).status_code == 303
    client.get(url)  # the scorer's page: the game as it stands is derived at most once here
    played.clear()
    assert post_round(client, url, 6, "round", ROUND, HX).status_code == 200
    assert len(played) == 1  # round 6 only, not rounds 1 to 6 (to read the form, check it, draw the page)
    played.clear()
    page = client.get(url)
    assert played == [] and 'id="round-6"' in page.get_data(as_text=True)


def test_a_change_made_by_another_worker_is_seen_at_once(app, client):
    url = start(client, "inferno", P3)
    assert post_round(client, url, 1, "round", ROUND).status_code == 303
    client.get(url)  # this worker keeps the game at its version
    kept = dict(store.DERIVED.kept)
    db = connect(app.config["DATABASE"])
    try:
        store.add_round(db, url.rsplit("/", 1)[1], 2, {"other": [6, 0, 0], "red": [[0] * 5] * 3})
    finally:
        db.conn.close()
    store.DERIVED.kept.clear()
    store.DERIVED.kept.update(kept)  # as if the round had been saved by another process: nothing kept here
    page = client.get(url, headers={"Accept-Language": "en"})
    assert 'id="round-2"' in page.get_data(as_text=True)
    assert "Round 3" in text(page)
