"""Characters that show nothing (issue 38): a name typed with one is the name without it, at a table and on a
club night's leaderboard."""

from __future__ import annotations

import csv
import io
import json

import pytest

from scorekeeper.rules import unseen
from tests import pick
from tests.samples import sample

from .helpers import game_count, seats, terms, text
from .test_events import leaderboard, make_event, play

EN = {"Accept-Language": "en"}
GAME = pick.game(pick.players(3))  # any game three can play
# zero-width, direction marks, joiners, invisible operators, a byte order mark, a soft hyphen, a grapheme joiner,
# a variation selector, a tag: each shows nothing between two letters
NOTHING = "\u200b \u200c \u200d \u200e \u200f \u061c \u180e \u2060 \u2061 \u2062 \u2063 \u2064 \ufeff \u00ad \u034f"
NOTHING += " \ufe0f \U000e0020"
# letters and a symbol drawn as a blank: "Anne\u3164Marie" reads "Anne Marie"
BLANKS = "\u115f \u1160 \u2800 \u3164 \uffa0"


def new_game(client, players):
    """Post the new-game form for a table of these players."""
    data = {**seats("player", players), "dealer": "0"}
    return client.post(f"/new/{GAME}", data=data, headers=EN)


def imported(client, players):
    """Import a game file with these players."""
    document = {"format": "scorekeeper-game/1", "rules": GAME, "players": players}
    return client.post("/games/import", data=json.dumps(document), content_type="application/json", headers=EN)


def blank_pad(client, players):
    """Ask for a blank score pad with these names printed at its head."""
    return client.get(
        "/sheets/blank.pdf",
        query_string={"rules": GAME, "players": len(players), "names": ",".join(players)},
        headers=EN,
    )


TWINS = [("Anne", f"An{c}ne") for c in NOTHING.split()] + [("Anne Marie", f"Anne{c}Marie") for c in BLANKS.split()]


@pytest.mark.parametrize("twins", TWINS, ids=lambda t: f"U+{ord(next(c for c in t[1] if c not in t[0])):04X}")
@pytest.mark.parametrize("send", [new_game, imported, blank_pad], ids=["form", "import", "blank-pad"])
def test_a_name_and_the_same_with_a_character_that_shows_nothing_are_one_name(app, client, twins, send):
    response = send(client, [*twins, "Sylvie"])
    assert response.status_code == 422
    assert f"Two players are named {twins[1]}: names must differ." in text(response)
    assert game_count(app) == 0


@pytest.mark.parametrize("name", ["\u3164", "\u2800\u2800", "\u115f\u1160", "\u200b\ufeff", "\uffa0 \u034f"])
def test_a_name_of_blanks_alone_is_no_name(app, client, name):
    response = new_game(client, ["Anne", name, "Sylvie"])
    assert response.status_code == 422 and "Player 2 has no name." in text(response)
    assert game_count(app) == 0


def test_the_leaderboard_counts_a_name_with_a_zero_width_space_as_the_name(client):
    url = make_event(client)
    three = pick.game(pick.sample_players(3))  # its sample played by these three
    play(client, url, three, players=["Anne", "Julien", "Sylvie"])
    play(client, url, three, players=["\u200fJulien", "An\u200bne", "Sylvie\u2060"])
    rows = leaderboard(client.get(url, headers=EN))
    assert sorted(row[1] for row in rows) == ["Anne", "Julien", "Sylvie"]
    assert all(row[2] == "2" for row in rows)  # each played both games


def test_a_players_record_counts_a_name_with_a_zero_width_space_as_the_name(client):
    document = sample(pick.game()).GAME
    for name in ("Anne", "An\u200bne"):
        players = [name, *document["players"][1:]]
        assert client.post("/games/import", json={**document, "players": players}).status_code == 303
    html = client.get("/players/Anne", headers=EN).get_data(as_text=True)
    assert terms(html)["Games played"] == "2"


# the four, then more that show nothing or a blank and are no format character (Cf)
BEFORE_A_FORMULA = "\u034f \u2800 \u3164 \ufe0f \u115f \u1160 \uffa0 \u17b4 \u180b \U000e0100 \u200b\u3164"


def test_a_csv_cell_starting_with_what_shows_nothing_then_a_formula_gets_its_apostrophe(client):
    names = [f"{blank}=1+{k}" for k, blank in enumerate(BEFORE_A_FORMULA.split())]
    for k in range(0, len(names), 3):
        assert new_game(client, [*names[k : k + 3], "Bob", "Carl"][:3]).status_code == 303
    rows = list(csv.reader(io.StringIO(client.get("/history.csv").get_data(as_text=True))))
    assert sorted(row[4] for row in rows[1:] if "=" in row[4]) == sorted(n.replace("=", "'=") for n in names)


def test_no_ascii_character_shows_nothing_so_a_name_in_ascii_reads_as_typed():
    """unseen.folded hands ASCII text back without looking at each character (player_key runs for every name
    of a game, at every derivation): right only while no ASCII character is ignorable, a format one or a blank."""
    assert [c for c in map(chr, range(128)) if unseen.invisible(c) or c in unseen.BLANK] == []
    assert unseen.player_key("  Anne\tMARIE ") == unseen.player_key("anne marie")
