"""A Wizard game stored before 0663680, when a join the pack cannot deal was accepted (RULES.md section 8): nothing
stored is lost. Its pages open as before (the game, its changes, its sheet, its CSV and game file, the history, the
club night it counts on; they answered 500: the replay refused the join), and its next bids are refused with the
pack's message, as they were then; the table puts it right by taking the join back. A join made now is refused
(tests/games/wizard/test_a_table_past_the_pack.py)."""

from scorekeeper.rules.exact_bids import ExactBids
from tests.games.wizard.test_a_table_past_the_pack import PLAYED, join
from tests.markup import parse
from tests.samples import enter
from tests.samples import setup_fields as fields_of
from tests.web.helpers import post_round, reading, text

EN = {"Accept-Language": "en"}


def stored_past_the_pack(client, monkeypatch) -> tuple[str, str]:
    """A club night's game of ten rounds of three, then Dan, Eve and Fay joined before round 11 as the changes page
    took them before 0663680 (the pack's check of a join left out): 66 cards to deal. The game's and the night's
    addresses."""
    made = client.post("/events", data={"name": "Thursday club", "day": "2026-11-26"})
    night = made.headers["Location"]
    started = client.post("/new/wizard", data={**fields_of(PLAYED), "event": night.rsplit("/", 1)[-1]})
    url = enter(client, PLAYED, url=started.headers["Location"])
    with monkeypatch.context() as before:
        before.setattr(ExactBids, "dealt", lambda self, game, state: [])
        for name in ("Dan", "Eve", "Fay"):
            assert join(client, url, name).status_code == 303
    return url, night


def test_its_pages_open(app, client, monkeypatch):
    url, night = stored_past_the_pack(client, monkeypatch)
    with reading(
        app
    ) as db:  # its summary made again, as for a game stored before summaries were written with each change
        db.execute("delete from summaries")
    pages = [url, f"{url}/lineup", f"{url}/sheet.pdf", f"{url}/export.csv", f"{url}/export.json", "/history", night]
    assert {page: client.get(page, headers=EN).status_code for page in pages} == dict.fromkeys(pages, 200)
    assert "Fay" in text(client.get(url, headers=EN))
    assert "10 rounds · in progress" in text(client.get("/history", headers=EN))
    assert "Round 11 to play · Leaders: Ben, Cleo 200" in text(client.get(night, headers=EN))
    assert client.get(f"{url}/export.json").get_json()["players"] == ["Anne", "Ben", "Cleo", "Dan", "Eve", "Fay"]


def test_its_next_bids_say_what_the_pack_cannot_deal_and_the_join_taken_back_is_not_made_again(client, monkeypatch):
    url, _night = stored_past_the_pack(client, monkeypatch)
    bids = {"trump": "none", **{f"bids.{k}": "0" for k in range(6)}}
    refused = post_round(client, url, 11, "bids", bids, EN)
    assert refused.status_code == 422
    assert "Round 11: The pack of 60 cannot deal 11 cards each to 6 players." in text(refused)
    undo = parse(client.get(f"{url}/lineup").get_data()).first("form", id="undo-change")
    assert client.post(f"{url}/lineup/undo", data={"was": undo.value("was")}).status_code == 303
    again = join(client, url, "Fay")
    assert again.status_code == 422
    assert "Round 11, Fay: The pack of 60 cannot deal 11 cards each to 6 players." in text(again)
    bids.pop("bids.5")
    assert post_round(client, url, 11, "bids", bids, EN).status_code == 303


def test_a_correction_of_the_join_is_refused_with_the_packs_message(client, monkeypatch):
    url, _night = stored_past_the_pack(client, monkeypatch)
    form = parse(client.get(f"{url}/lineup/3", headers=EN).get_data()).first("form", id="correct-change")
    refused = client.post(f"{url}/lineup/3", data={"was": form.value("was"), "after": "0"}, headers=EN)
    assert refused.status_code == 422
    assert "Round 11, Fay: The pack of 60 cannot deal 11 cards each to 6 players." in text(refused)
    assert client.get(f"{url}/export.json").get_json()["changes"][2] == {"before": 11, "join": 5}
