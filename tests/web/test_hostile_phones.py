"""Hostile input from two phones at one table, reproduced from the report of issue 12 (its sections 3 and 4;
the others: test_hostile.py): bids replaced on another phone meanwhile, an undo from a page that missed a
correction; each refused with a 409 in the player's language, nothing stored. The games are picked by need
(tests/pick.py), their rounds from their samples."""

from __future__ import annotations

from urllib.parse import urlsplit

from tests import pick
from tests.markup import parse
from tests.samples import all_fields, enter, first, sample
from tests.samples import start as start_game

from .helpers import links, post_round, stored, text, undo, undo_was
from .test_hostile import EN, FR, unchanged

# -- 3. two phones' bids -------------------------------------------------------------------------------


def draft_of(client, url) -> str:
    """The draft token the game page carries (the bids it shows)."""
    return parse(client.get(url).get_data()).value("draft")  # the round form carries the draft it shows


def scorer(client, other_phone, url):
    """Give the second phone the score link."""
    link = links(client, url)["score-link"]
    assert other_phone.get(urlsplit(link).path).status_code == 303


def other_bids(bundle) -> bool:
    """Its sample's other first round starts with other bids than its game's first round."""
    module = sample(bundle.id)
    return module.posts(module.OTHER_FIRST, module.GAME)[0] != pick.posts(module.GAME, 1)[0]


BIDS = sample(pick.game(pick.bids_first, other_bids)).GAME  # a game whose bids are kept as a draft
EXACT = sample(pick.game(pick.bids_first, other_bids, pick.exact_bids)).GAME  # and one of exact bids


def steps(game: dict, rnd: dict | None = None) -> list[tuple[str, dict[str, str]]]:
    """The steps of round 1 of `game` (its sample's other first round, `rnd`, if given), as its form posts them."""
    return sample(game["rules"]).posts(rnd or game["rounds"][0], game)


def other(game: dict) -> dict:
    """The sample's other first round of `game`."""
    return sample(game["rules"]).OTHER_FIRST


def with_draft(client, url, game: dict, which: int, rnd: dict | None = None, draft=None, headers=None):
    """Post step `which` of round 1 (as `rnd` has it) with the draft token the page carries (or `draft`)."""
    step, fields = steps(game, rnd)[which]
    token = draft_of(client, url) if draft is None else draft
    return post_round(client, url, 1, step, {**fields, "draft": token}, headers)


def test_bids_replaced_on_another_phone_are_not_scored_with_the_first_phones_tricks(app, client, other_phone):
    url = start_game(client, BIDS)
    scorer(client, other_phone, url)
    assert with_draft(client, url, BIDS, 0).status_code == 303  # phone A's bids
    a_page = draft_of(client, url)  # A now shows the next step of those bids
    a_bids = stored(app, url).draft["data"]
    assert with_draft(other_phone, url, BIDS, 0, other(BIDS)).status_code == 303  # B replaces them
    before = stored(app, url)
    for headers, said in (
        (EN, "The bids of round 1 were changed on another phone meanwhile: here they are as they stand now."),
        (FR, "Les paris de la manche 1 ont été modifiés sur un autre téléphone entre-temps"),
    ):
        response = with_draft(client, url, BIDS, -1, draft=a_page, headers=headers)
        assert response.status_code == 409 and said in text(response)
    assert unchanged(app, url, before)
    assert stored(app, url).draft["data"] != a_bids  # the page answered shows B's bids
    assert with_draft(client, url, BIDS, -1, other(BIDS)).status_code == 303


def test_bids_from_a_page_that_never_saw_the_other_phones_bids_are_refused(app, client, other_phone):
    url = start_game(client, BIDS)
    scorer(client, other_phone, url)
    b_page = draft_of(other_phone, url)  # B opened the round before A saved
    assert with_draft(client, url, BIDS, 0).status_code == 303
    before = stored(app, url)
    response = with_draft(other_phone, url, BIDS, 0, other(BIDS), draft=b_page, headers=EN)
    assert response.status_code == 409 and "The bids of round 1 were changed on another phone" in text(response)
    assert unchanged(app, url, before)


def test_the_same_bids_sent_twice_are_kept_once(app, client):
    url = start_game(client, BIDS)
    page = draft_of(client, url)
    assert with_draft(client, url, BIDS, 0, draft=page).status_code == 303
    saved = stored(app, url)
    assert with_draft(client, url, BIDS, 0, draft=page).status_code == 303  # a double tap
    assert unchanged(app, url, saved)


def test_exact_bids_are_protected_too(app, client, other_phone):
    """The bids of the shared exact-bids rules, typed as numbers, are kept as the draft the same way."""
    url = start_game(client, EXACT)
    scorer(client, other_phone, url)
    assert with_draft(client, url, EXACT, 0).status_code == 303
    a_page = draft_of(client, url)
    assert with_draft(other_phone, url, EXACT, 0, other(EXACT)).status_code == 303
    response = with_draft(client, url, EXACT, -1, draft=a_page, headers=EN)
    assert response.status_code == 409 and stored(app, url).game.rounds == []


# -- 4. undo carries what it undoes ------------------------------------------------------------------


def test_an_undo_from_a_page_that_missed_a_correction_is_refused(app, client, other_phone):
    url = enter(client, first(BIDS, 1))
    scorer(client, other_phone, url)
    a_saw = undo_was(client, url)  # phone A's board, with its undo button
    was = parse(other_phone.get(f"{url}/rounds/1/edit").get_data()).value("was")
    correction = {**all_fields(steps(BIDS, other(BIDS))), "was": was}
    assert other_phone.post(f"{url}/rounds/1", data=correction).status_code == 303  # phone B corrects round 1
    corrected = stored(app, url)
    for headers, said in (
        (EN, "Round 1 was changed on another phone meanwhile: nothing was undone."),
        (FR, "La manche 1 a été modifiée sur un autre téléphone entre-temps : rien n’a été annulé."),
    ):
        response = undo(client, url, 1, headers, was=a_saw)
        assert response.status_code == 409 and said in text(response)
    assert unchanged(app, url, corrected)
    assert undo(client, url, 1).status_code == 303  # from the board as it stands now, it goes
