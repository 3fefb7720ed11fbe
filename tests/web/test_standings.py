"""One order for the board, the score sheet and the game file (RULES.md "Standings"), where it is easy to get
wrong: a winner named by the game's end (a major renege) ahead of a side with more points, players ranked by when
they went out; every game's examples (its sample's STANDINGS), totals read as printed (a true minus: −10)."""

import io

import pytest
from pypdf import PdfReader

from scorekeeper import gamefile, registry, rules
from scorekeeper.i18n import number
from tests.markup import parse
from tests.samples import sample
from tests.sheets import samples

EN = {"Accept-Language": "en"}


def finished_example(rules_id: str) -> tuple[dict, list]:
    """The first of the game's standings examples that ends the game, as a game file, and its standings."""
    rules_ = rules.get(rules_id)
    for players, rounds, options, expected, _label in sample(rules_id).STANDINGS:
        document = {**samples.document(rules_id, players, rounds), "options": options}
        if rules.play(gamefile.from_document(document)).finished:
            return document, expected
    raise AssertionError(f"tests/samples: no STANDINGS example of {rules_.id} ends the game")


@pytest.mark.parametrize("rules_id", [pytest.param(bundle.id, id=bundle.id) for bundle in registry.GAMES])
def test_board_sheet_and_game_file_rank_alike(client, rules_id):
    document, expected = finished_example(rules_id)
    url = client.post("/games/import", json=document).headers["Location"]
    exported = client.get(f"{url}/export.json").get_json()["result"]["standings"]
    assert [(s["rank"], s["side"], s["total"]) for s in exported] == expected
    html = client.get(url, headers=EN).get_data(as_text=True)
    board = parse(html).first("ol", class_="standings").all("li")
    rows = [(int(li.attrs["value"]), li.first("span").text(), li.first("strong").text()) for li in board]
    printed = [(rank, side, number(total, "en")) for rank, side, total in expected]  # a true minus: −10
    assert rows == printed
    client.set_cookie("lang", "en")
    sheet = client.get(f"{url}/sheet.pdf")
    text = " ".join("\n".join(p.extract_text() for p in PdfReader(io.BytesIO(sheet.data)).pages).split())
    assert " · ".join(f"{rank}. {side} {total}" for rank, side, total in printed) in text
    winners = [side for rank, side, _ in expected if rank == 1]
    assert f"{'Winner' if len(winners) == 1 else 'Winners'}: {', '.join(winners)}" in text
