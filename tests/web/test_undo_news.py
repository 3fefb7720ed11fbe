"""Two phones scoring one table after an undo: what each page says once another phone has moved on."""

from tests import pick
from tests.markup import parse
from tests.samples import enter, first

from .helpers import HX, text, undo
from .shared_table import EN, GAME, bids, score_link


def test_after_an_undo_bids_saved_on_another_phone_leave_no_stale_notice(client, other_phone):
    """Phone A undoes round 2, phone B (the score link) then saves round 2's bids: neither page says any more
    that round 2 was undone (A showed that beside the news of B's bids, B kept it after its own save)."""
    url = enter(client, first(GAME, 2))
    other_phone.get(score_link(client, url))
    assert undo(client, url, 2).status_code == 303
    undone = "Round 2 was undone."
    assert text(client.get(url, headers=EN)).count(undone) == 1  # said to both, until round 2 moves on
    assert undone in text(other_phone.get(url, headers=EN))
    answer = bids(other_phone, url, 2, {**EN, **HX})
    assert answer.status_code == 200 and undone not in text(answer)
    last, fields = pick.posts(GAME, 2)[-1]
    for phone in (client, other_phone):
        page = phone.get(url, headers=EN)
        assert undone not in text(page) and parse(page.get_data()).value("step") == last
    form = parse(client.get(url).get_data()).first(id="round-form")
    shown = {name: form.ticked(name) or [form.value(name)] for name in fields}
    assert shown == {name: [value] for name, value in fields.items()}  # the rest, as the undone round had it
