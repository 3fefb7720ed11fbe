"""The home page as a phone opens it between games: the games in progress first, each with the round it has
reached, who leads and when it last changed (as the phone's language writes a date); the new-game cards;
then the finished games with their winners."""

import re
from datetime import UTC, datetime

from babel.dates import format_date

from .helpers import post_round, seats, start, text

P3 = ["Anne", "Julien", "Sylvie"]
P4 = ["Anne", "Julien", "Sylvie", "Pierre"]


def finished_tout_ou_rien(client) -> str:
    """A one-hand Tout ou rien game Julien won with an open 1 made (2 + 3 = 5 against 3 and 3)."""
    url = start(client, "tout-ou-rien", P3, hands="1")
    post_round(client, url, 1, "bids", {"bids.1": 1, **seats("open", ["secret", "open", "secret"])})
    post_round(client, url, 1, "tricks", {"bids.0": 0, "bids.2": 0, **seats("tricks", [0, 1, 0])})
    return url


def all_or_nothing_after_a_hand(client) -> str:
    """ALL or NOTHING after one hand: Anne and Pierre made NOTHING (-20), so they lead at 80 (lowest wins)."""
    url = start(client, "all-or-nothing", P4, dealer=3)
    post_round(client, url, 1, "bids", seats("bids", ["nothing", "nothing", "all", "nothing"]))
    post_round(client, url, 1, "tricks", seats("tricks", [0, 2, 8, 0]))
    return url


def test_games_in_progress_come_first_with_their_round_and_leader_then_new_games_then_winners(client):
    done = finished_tout_ou_rien(client)
    going = all_or_nothing_after_a_hand(client)
    fresh = start(client, "inferno", P3)
    html = client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert html.index('id="in-progress"') < html.index('id="new-game"') < html.index('id="my-games"')
    in_progress = html[html.index('id="in-progress"') : html.index('id="new-game"')]
    assert going in in_progress and fresh in in_progress and done not in in_progress
    entry = " ".join(re.sub(r"<[^>]+>", " ", in_progress.split(going)[1].split("</li>")[0]).split())
    assert "Round 2 to play · Leaders: Anne, Pierre 80" in entry
    fresh_entry = " ".join(re.sub(r"<[^>]+>", " ", in_progress.split(fresh)[1].split("</li>")[0]).split())
    assert "Round 1 to play" in fresh_entry and "Leader" not in fresh_entry  # no round yet: nobody leads
    finished = html[html.index('id="my-games"') :]
    won = " ".join(re.sub(r"<[^>]+>", " ", finished.split(done)[1].split("</li>")[0]).split())
    assert "Winner: Julien 5" in won and "to play" not in won


def test_dates_and_words_are_the_phones_language(client):
    all_or_nothing_after_a_hand(client)
    today = datetime.now(UTC).astimezone().date()
    for lang, words in (("fr", "Manche 2 à jouer · En tête : Anne, Pierre"), ("de", "Runde 2 ist dran · In Führung")):
        page = text(client.get("/", headers={"Accept-Language": lang}))
        assert words in page
        assert format_date(today, "medium", locale=lang) in page
        assert today.isoformat() not in page  # never the ISO date a player does not write


def test_a_phone_without_games_in_progress_starts_with_the_new_game_cards(client):
    finished_tout_ou_rien(client)
    html = client.get("/").get_data(as_text=True)
    assert 'id="in-progress"' not in html and html.index('id="new-game"') < html.index('id="my-games"')
