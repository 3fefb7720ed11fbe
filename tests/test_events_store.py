"""Club nights in the store: an event, its tables numbered as they start, its version moving on with any of its
games, a closed event refusing new games."""

from __future__ import annotations

import pytest

from scorekeeper import events, phones, store
from scorekeeper.rules import Game
from tests import pick
from tests.samples import normalised, sample
from tests.web.helpers import reading

pytestmark = pytest.mark.two_engines  # each test runs on SQLite and on PostgreSQL

SAMPLE = sample(pick.game()).GAME  # any game: its sample's table, options and first round
FIRST = normalised(SAMPLE)[0]
OTHERS = [f"Guest {seat}" for seat, _ in enumerate(SAMPLE["players"])]  # another table of as many


@pytest.fixture
def db(app):
    """A connection to the test's fresh database."""
    with reading(app) as conn:
        yield conn


def game(players=None) -> Game:
    """A new game of the sample's table (or `players`), no rounds."""
    return Game(SAMPLE["rules"], list(players or SAMPLE["players"]), dict(SAMPLE["options"]), 0, [])


def test_an_event_is_stored_as_made_and_listed_for_its_maker(db):
    event_id = events.create(db, "Thursday club", "2026-11-26", "phone-1", "2026-11-26T18:00:00+00:00")
    found = events.load(db, event_id)
    assert (found.name, found.day, found.closed, found.version) == ("Thursday club", "2026-11-26", False, 1)
    assert [e.id for e in events.mine(db, "phone-1")] == [event_id]
    assert events.mine(db, "phone-2") == [] and events.role(db, "phone-1", event_id) == "owner"


def test_a_member_joining_never_takes_the_makers_place(db):
    event_id = events.create(db, "Club", "2026-11-26", "phone-1", "t")
    events.join(db, "phone-1", event_id, "t")
    events.join(db, "phone-2", event_id, "t")
    assert events.role(db, "phone-1", event_id) == "owner" and events.role(db, "phone-2", event_id) == "member"


def test_tables_are_numbered_as_they_start_and_each_change_moves_the_event_on(db):
    event_id = events.create(db, "Club", "2026-11-26", "phone-1", "t")
    first = store.create(db, game(), "phone-1", event_id)
    second = store.create(db, game(OTHERS), "phone-2", event_id)
    alone = store.create(db, game(), "phone-1")
    assert [(t.id, t.number) for t in events.tables(db, event_id)] == [(first, 1), (second, 2)]
    before = events.version(db, event_id)
    store.add_round(db, alone, 1, FIRST)
    assert events.version(db, event_id) == before  # a game of no event leaves it as it was
    store.add_round(db, second, 1, FIRST)
    assert events.version(db, event_id) == before + 1
    store.delete(db, first)
    assert [t.number for t in events.tables(db, event_id)] == [2]
    assert events.version(db, event_id) == before + 2


def test_a_closed_event_refuses_new_games_and_nothing_is_stored(db):
    event_id = events.create(db, "Club", "2026-11-26", "phone-1", "t")
    events.change(db, event_id, "t", closed=True)
    with pytest.raises(events.Closed) as refused:
        store.create(db, game(), "phone-2", event_id)
    assert not refused.value.gone
    assert events.tables(db, event_id) == [] and phones.listing(db, "phone-2") == []
    with pytest.raises(events.Closed) as gone:
        store.create(db, game(), "phone-2", "no-such-event")
    assert gone.value.gone


def test_a_players_events_are_found_from_their_games(db):
    club = events.create(db, "Club", "2026-11-26", "phone-1", "t")
    other = events.create(db, "Other", "2026-11-27", "phone-1", "t")
    played = store.create(db, game(), "phone-1", club)
    store.create(db, game(), "phone-1", other)
    assert [e.name for e in events.of_games(db, [played])] == ["Club"]
