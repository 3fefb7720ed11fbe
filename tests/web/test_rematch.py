"""Who starts a finished game's rematch and who scores it: only a phone that scores the game may start it,
and the phones that score the game score the rematch (a watch link gives neither)."""

from __future__ import annotations

import pytest

from tests import pick
from tests.samples import sample

from .helpers import HX, game_count, imported, stored, text

pytestmark = pytest.mark.two_engines  # each test runs on SQLite and on PostgreSQL

EN, FR, DE = ({"Accept-Language": lang} for lang in ("en", "fr", "de"))
REFUSED = {
    "en": "Only the phones that score this game can start its rematch",
    "fr": "Seuls les téléphones qui tiennent le score de cette partie peuvent lancer sa revanche",
    "de": "Nur die Handys, die diese Partie schreiben, können ihre Revanche starten",
}
DOCUMENT = sample(pick.game(pick.one_form)).full_game()  # a whole game whose round is one form
((_STEP, _FIELDS),) = pick.posts(DOCUMENT, 1)
ROUND = {"number": "1", "step": _STEP, **_FIELDS}  # its first round, the rematch's too


@pytest.fixture
def url(client) -> str:
    """A finished game, imported (so owned) by `client`."""
    return imported(client, DOCUMENT)


def scores(phone, url: str) -> bool:
    """Whether the game's page gives this phone the round form."""
    return "round-entry" in phone.get(url).get_data(as_text=True)


def joined(phone, app, url: str):
    """The phone, after opening the game's score link."""
    assert phone.get(f"{url}/score/{stored(app, url).score_token}").status_code == 303
    return phone


@pytest.mark.parametrize("headers", [{}, HX], ids=["page", "htmx"])
def test_a_watcher_cannot_start_the_rematch(app, client, other_phone, url, headers):
    page = other_phone.get(url).get_data(as_text=True)  # the watch link: the phone now follows the game
    assert 'id="rematch"' not in page and 'id="rematch"' in client.get(url).get_data(as_text=True)
    before = game_count(app)
    for lang, said in REFUSED.items():
        refused = other_phone.post(f"{url}/rematch", headers={**headers, "Accept-Language": lang})
        assert refused.status_code == 403 and said in text(refused)
    assert game_count(app) == before
    # the table's own rematch is the table's: its owner saves its rounds
    again = client.post(f"{url}/rematch").headers["Location"]
    assert client.post(f"{again}/rounds", data=ROUND).status_code == 303
    assert not scores(other_phone, again)


def test_the_phones_that_score_a_game_score_its_rematch(app, client, other_phone, url):
    scorer, watcher = joined(other_phone, app, url), app.test_client()
    watcher.get(url)
    new = scorer.post(f"{url}/rematch").headers["Location"]  # a scorer taps first: the rematch is not its own
    assert client.post(f"{url}/rematch").headers["Location"] == new
    assert scores(client, new) and scores(scorer, new) and not scores(watcher, new)
    assert scorer.post(f"{new}/delete").status_code == 403  # the owner stays the game's owner
    assert client.post(f"{new}/rounds", data=ROUND).status_code == 303
    # the rematch has a link of its own: the finished game's opens the finished game only
    assert stored(app, new).score_token != stored(app, url).score_token
    late = joined(app.test_client(), app, url)  # a phone that joins the table after the rematch started
    assert not scores(late, new)
    assert late.post(f"{url}/rematch").headers["Location"] == new and scores(late, new)


def test_a_phone_whose_score_link_was_replaced_cannot_start_the_rematch(app, client, other_phone, url):
    joined(other_phone, app, url)
    assert client.post(f"{url}/score-link").status_code == 303
    assert other_phone.post(f"{url}/rematch", headers=EN).status_code == 403


def test_a_phone_put_out_of_the_rematch_stays_out(app, client, other_phone, url):
    scorer = joined(other_phone, app, url)
    new = client.post(f"{url}/rematch").headers["Location"]
    assert scores(scorer, new)
    assert client.post(f"{new}/score-link").status_code == 303  # its owner takes the rematch's link back
    assert scorer.post(f"{url}/rematch").headers["Location"] == new and not scores(scorer, new)
