"""The home page as a phone opens it between games: the games in progress first, each with the round it has
reached, who leads and when it last changed (as the phone's language writes a date); the new-game cards;
then the finished games with their winners."""

from datetime import UTC, datetime

from babel.dates import format_date

from scorekeeper import gamefile, rules
from scorekeeper.i18n import number
from tests import markup, pick
from tests.samples import enter, first, sample, start

from .helpers import text

GAME = sample(pick.game()).GAME  # any game's sample: played to its end, one round of it, none yet


def named_first(document: dict) -> tuple[str, str, str]:
    """How the home page names whoever is first in a game file (its winners once over, else its leaders, in seat
    order): the English word, the names, and their total as the page prints it (a true minus: −10)."""
    result = rules.play(gamefile.from_document(document))
    ahead = result.winners if result.finished else sorted(s.side for s in result.standings if s.rank == 1)
    word = ("Winner" if result.finished else "Leader") + ("s" if len(ahead) > 1 else "")
    return word, ", ".join(result.sides[side] for side in ahead), number(result.totals[ahead[0]], "en")


def played_out(client) -> str:
    """The sample game, played to its end."""
    return enter(client, GAME)


def after_a_round(client) -> str:
    """The sample game after its first round."""
    return enter(client, first(GAME, 1))


def test_games_in_progress_come_first_with_their_round_and_leader_then_new_games_then_winners(client):
    done = played_out(client)
    going = after_a_round(client)
    fresh = start(client, GAME)
    page = markup.parse(client.get("/", headers={"Accept-Language": "en"}).get_data())
    parts = ("in-progress", "new-game", "my-games")
    assert [found.attrs["id"] for found in page.all() if found.attrs.get("id") in parts] == list(parts)
    in_progress = page.first(id="in-progress")
    assert entry(in_progress, done) is None
    word, leaders, total = named_first(first(GAME, 1))
    assert f"Round 2 to play · {word}: {leaders} {total}" in entry(in_progress, going)
    fresh_entry = entry(in_progress, fresh)
    assert "Round 1 to play" in fresh_entry and "Leader" not in fresh_entry  # no round yet: nobody leads
    won = entry(page.first(id="my-games"), done)
    word, winners, total = named_first(GAME)
    assert f"{word}: {winners} {total}" in won and "to play" not in won


def entry(listing: markup.Element, url: str) -> str | None:
    """What the list item linking to the game at `url` says (None: no item links to it)."""
    items = [item for item in listing.all("li") if any(a.attrs.get("href") == url for a in item.all("a"))]
    return items[-1].text() if items else None


def test_dates_and_words_are_the_phones_language(client):
    after_a_round(client)
    _word, leaders, _total = named_first(first(GAME, 1))
    today = datetime.now(UTC).astimezone().date()
    said = (("fr", f"Manche 2 à jouer · En tête : {leaders}"), ("de", f"Runde 2 ist dran · In Führung: {leaders}"))
    for lang, words in said:
        page = text(client.get("/", headers={"Accept-Language": lang}))
        assert words in page
        assert format_date(today, "medium", locale=lang) in page
        assert today.isoformat() not in page  # never the ISO date a player does not write


def test_a_phone_without_games_in_progress_starts_with_the_new_game_cards(client):
    played_out(client)
    html = client.get("/").get_data(as_text=True)
    assert 'id="in-progress"' not in html and html.index('id="new-game"') < html.index('id="my-games"')
