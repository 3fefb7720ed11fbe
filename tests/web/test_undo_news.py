"""Two phones scoring one table after an undo: what each page says once another phone has moved on."""

from .helpers import HX, start, text, undo
from .test_share import EN, P3, bids, play_round, score_link


def test_after_an_undo_bids_saved_on_another_phone_leave_no_stale_notice(client, other_phone):
    """Phone A undoes round 2, phone B (the score link) then saves round 2's bids: neither page says any more
    that round 2 was undone (A showed that beside the news of B's bids, B kept it after its own save)."""
    url = start(client, "tout-ou-rien", P3, dealer=0, hands="3 2 1")
    play_round(client, url, 1, [1, 2, 0], [1, 2, 0])
    play_round(client, url, 2, [1, 1, 0], [1, 1, 0])
    other_phone.get(score_link(client, url))
    assert undo(client, url, 2).status_code == 303
    undone = "Round 2 was undone."
    assert text(client.get(url, headers=EN)).count(undone) == 1  # said to both, until round 2 moves on
    assert undone in text(other_phone.get(url, headers=EN))
    answer = bids(other_phone, url, 2, [0, 1, 0], {**EN, **HX})
    assert answer.status_code == 200 and undone not in text(answer)
    for phone in (client, other_phone):
        page = phone.get(url, headers=EN)
        assert undone not in text(page) and 'name="step" value="tricks"' in page.get_data(as_text=True)
    assert 'name="tricks.0" value="1" checked' in client.get(url).get_data(as_text=True)  # the rest, as it was
