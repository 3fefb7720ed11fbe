"""Renaming a player after the start (issue 14): a typo need not stay for the whole game. Rounds are kept by
seat, so every round stays as it was and the board, the sheet, the history and the game file show the new
name; a name is refused as at setup (a clash, too long, invisible...), with a 4xx and nothing stored; only the
phone that started the game (or the admin) may rename, without JavaScript as with htmx."""

import io
import threading
import time

import pytest
from pypdf import PdfReader

from scorekeeper import live
from scorekeeper.live.watchers import Watchers
from tests import pick
from tests.samples import expected, sample
from tests.samples import start as setup

from .helpers import HX, imported, kept_tables, links, rename, stored, text, was_shown

pytestmark = pytest.mark.two_engines  # each test runs on SQLite and on PostgreSQL

EN = {"Accept-Language": "en"}


def one_winner(bundle) -> bool:
    """Its sample game (a table of three) ends with one winner."""
    return len(expected(sample(bundle.id).GAME)["winners"]) == 1


SAMPLE = sample(pick.game(pick.sample_players(3), one_winner)).GAME  # any game's, finished, one winner of three
WON = SAMPLE["players"].index(expected(SAMPLE)["winners"][0])  # the winner's seat, where the typo goes
_OTHERS = iter(["Anne", "Sylvie"])
NAMES = ["Julien" if seat == WON else next(_OTHERS) for seat in range(3)]  # as the names should be, by seat
GAME = {**SAMPLE, "players": ["Julein" if name == "Julien" else name for name in NAMES]}  # the typo: Julein
TOTALS = expected(GAME)["totals"]


def named(**changed: str) -> list[str]:
    """NAMES with some of them typed otherwise (`Anne="anne"`)."""
    return [changed.get(name, name) for name in NAMES]


@pytest.fixture
def url(client):
    """A finished game imported on this phone (its owner), with a typo in a name: Julein."""
    return imported(client, GAME)


@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
def test_a_renamed_player_keeps_every_round_on_the_board_the_sheet_and_the_history(app, client, url, headers):
    before = stored(app, url)
    page = client.get(url, headers=EN)
    assert 'id="rename-players"' in page.get_data(as_text=True) and "Winner: Julein" in text(page)
    response = rename(client, url, named(Anne="anne", Julien="  Julien "), headers)  # a name may change its case too
    assert response.status_code == 303 and response.headers["Location"] == url
    after = stored(app, url)
    assert after.game.players == named(Anne="anne") and after.game.rounds == before.game.rounds
    assert after.version == before.version + 1  # watching phones pick it up
    page = client.get(url, headers=EN)
    board = page.get_data(as_text=True).split('id="scoreboard"')[1]
    assert '<th scope="col" title="Julien"' in board and "Julein" not in board
    assert "Winner: Julien" in text(page)
    exported = client.get(f"{url}/export.json").get_json()
    assert exported["players"] == named(Anne="anne") and exported["rounds"] == GAME["rounds"]
    assert exported["result"]["totals"] == TOTALS and exported["result"]["winners"] == ["Julien"]
    sheet = PdfReader(io.BytesIO(client.get(f"{url}/sheet.pdf", headers=EN).data))
    printed = " ".join(p.extract_text() for p in sheet.pages)
    assert "Julien" in printed and "Julein" not in printed
    assert "Julien" in text(client.get("/history", headers=EN)) and "Julein" not in text(client.get("/history"))
    assert client.get("/players/Julien").status_code == 200


@pytest.fixture(scope="module")
def kept(tmp_path_factory, empty_store):
    """On each engine, the phone and its game as `url`'s, that the refused names are sent to. Made once for the
    module: a refused name stores nothing, which each test checks, and importing the game again cost each test
    a third of its CPU."""
    with kept_tables(empty_store, tmp_path_factory, lambda phone: imported(phone, GAME)) as on:
        yield on


@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
@pytest.mark.parametrize(
    "names, said",
    [
        (["Anne", "anne ", "Sylvie"], "Two players are named anne: names must differ."),
        (["Zoë", "Zoe\u0308", "Sylvie"], "Two players are named Zoë: names must differ."),  # one name typed two ways
        (["Anne", "J" * 41, "Sylvie"], "The name of player 2 is longer than 40 characters."),
        (["Anne", "\u200b", "Sylvie"], "Player 2 has no name."),
        (["Anne", "An\u200bne", "Sylvie"], "Two players are named An\u200bne: names must differ."),  # reads Anne
        (["Anne", "", "Sylvie"], "Player 2 has no name."),
        (["Anne", "Jul\u202eien", "Sylvie"], "The name of player 2 holds a control or text-direction character"),
    ],
)
def test_a_name_refused_as_at_setup_says_why_and_stores_nothing(kept, engine, names, said, headers):
    client, url = kept(engine)
    app = client.application
    before = stored(app, url)
    response = rename(client, url, names, {**headers, **EN})
    assert response.status_code == 422 and said in text(response)
    assert 'name="player.1"' in response.get_data(as_text=True)  # the form again, to correct
    after = stored(app, url)
    assert (after.version, after.game.players) == (before.version, before.game.players)


def test_only_the_owner_or_the_admin_renames(app, client, other_phone, url):
    link = links(client, url)["score-link"]
    assert other_phone.get("/" + link.split("/", 3)[3]).status_code == 303  # a scoring phone, not the owner
    assert 'id="rename-players"' not in other_phone.get(url).get_data(as_text=True)
    before = stored(app, url)
    for headers in ({}, HX):
        assert other_phone.get(f"{url}/players", headers=headers).status_code == 403
        refused = other_phone.post(f"{url}/players", data={"player.1": "X", "was": "[]"}, headers={**headers, **EN})
        assert refused.status_code == 403 and "rename its players" in text(refused)
    assert stored(app, url).version == before.version
    app.config["ADMIN_PASSWORD"] = "pique"
    assert other_phone.post("/admin", data={"password": "pique"}).status_code == 303
    assert rename(other_phone, url, NAMES).status_code == 303


def test_a_page_that_missed_another_rename_is_told_and_changes_nothing(app, client, url):
    stale = was_shown(client, url)
    assert rename(client, url, NAMES).status_code == 303
    response = rename(client, url, named(Julien="Julius"), EN, was=stale)
    assert response.status_code == 409 and "The names were changed on another phone meanwhile" in text(response)
    assert 'value="Julien"' in response.get_data(as_text=True)  # the names as they stand now
    assert stored(app, url).game.players == NAMES
    for was in ("", "{", '{"a": 1}', "[" * 5000):
        assert rename(client, url, ["A", "B", "C"], EN, was=was).status_code == 400
    assert stored(app, url).game.players == NAMES


def test_a_game_in_progress_is_renamed_mid_round(app, client):
    game = sample(pick.game(pick.bids_first)).GAME
    url = setup(client, game)
    step, fields = pick.posts(game, 1)[0]
    assert client.post(f"{url}/rounds", data={"number": "1", "step": step, **fields}).status_code == 303
    drafted = stored(app, url).draft["data"]
    players = game["players"]
    assert rename(client, url, [*players[:2], "Sylvia", *players[3:]]).status_code == 303
    page = text(client.get(url, headers=EN))
    assert "Sylvia" in page and players[2] not in page
    assert stored(app, url).draft["data"] == drafted  # the bids entered stay with the seats


class Deaf(Watchers):
    """Watchers that never look at the store: only a change made in this process (told once it commits: db.write)
    wakes them, as it wakes every watch of this process, whatever the engine's own look or NOTIFY would do later."""

    def _run(self) -> None:
        """Notice nothing."""


def test_a_rename_wakes_this_processs_watchers_itself(app, client, url, monkeypatch):
    deaf = Deaf("deaf")
    monkeypatch.setitem(live._watches, "deaf", deaf)
    game_id = url.rsplit("/", 1)[-1]
    woke: list[bool] = []
    waiter = threading.Thread(target=lambda: woke.append(deaf.wait(game_id, stored(app, url).version, 5)))
    waiter.start()
    while not deaf.waiting:
        time.sleep(0.01)
    assert rename(client, url, NAMES).status_code == 303
    waiter.join(6)
    assert woke == [True]  # at once, not after the 5 s it would otherwise wait
