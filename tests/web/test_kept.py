"""Whatever clients ask, what a process keeps between requests is bounded in bytes, not only in entries: the
games played through (store.DERIVED), the news drawn for watching phones and its compressed copies."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from scorekeeper import store
from scorekeeper.kept import Derived, Kept
from scorekeeper.views import compressed, polls
from tests import pick
from tests.samples import sample

from .helpers import HX
from .test_backlog import imported

LANGS = ("fr", "en", "de")


def test_a_kept_map_holds_at_most_its_bytes_and_entries():
    kept = Kept(limit=1000, entries=5)
    for k in range(20):
        kept.put(k, b"x" * 100, 100)
    assert len(kept) == 5 and kept.held == 500
    for k in range(20):
        kept.put(("big", k), b"x" * 120, 120)
    assert kept.held <= 1000 and len(kept) <= 5
    kept.put("huge", b"x" * 200, 200)  # over an eighth of the whole: not kept, nothing pushed out for it
    assert kept.get("huge") is None and kept.held <= 1000
    kept.put(("big", 19), b"y", 1)  # the same key again counts once
    assert kept.get(("big", 19)) == b"y" and kept.held == sum(size for _v, size in kept.kept.values())


def test_games_played_through_are_kept_by_their_size():
    derived = Derived()
    derived.cache = Kept(limit=1024 * 1024, entries=512)
    for k in range(40):
        game = SimpleNamespace(rounds=[{}] * 20, players=["a", "b", "c", "d"])  # 20 rounds of 4: about 81 KB
        derived.put(SimpleNamespace(id=str(k), key=(k,), result=object(), game=game))
    assert derived.cache.held <= 1024 * 1024 and len(derived.cache) == 12
    assert derived.get("39", (39,)) is not None and derived.get("0", (0,)) is None


def test_the_stores_cache_has_a_figure():
    assert store.DERIVED.cache.limit == 48 * 1024 * 1024 and store.DERIVED.cache.entries == 512


@pytest.fixture
def long_games(client) -> list[str]:
    """Three long games (60 rounds each, not over) this phone imported: any game that lasts that long."""
    game = sample(pick.game(pick.endless)).long_game(60)
    return [imported(client, game) for _ in range(3)]


def test_the_news_of_long_games_in_every_language_stays_within_its_bytes(app, client, long_games, monkeypatch):
    monkeypatch.setattr(polls, "NEWS_BYTES", 100_000)
    drawn = 0
    for url in long_games:
        for lang in LANGS:
            for rounds in ("all", "", "all&x=1", "every"):
                response = client.get(f"{url}/poll?version=0&rounds={rounds}", headers={**HX, "Accept-Language": lang})
                assert response.status_code == 200
                drawn += len(response.get_data())
                client.get(f"{url}/poll?version=0&rounds={rounds}", headers={**HX, "Accept-Encoding": "br"})
    kept = app.extensions["scorekeeper.news"]
    assert drawn > 500_000  # what was asked for
    assert kept.held <= 100_000 and len(kept) <= 18  # each game, language, and all rounds or the latest: no more
    assert 0 < app.extensions["scorekeeper.compress"].cache.kept.held <= compressed.COMPRESSED_BYTES
