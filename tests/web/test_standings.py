"""One order for the board, the score sheet and the game file (RULES.md "Standings"), where it is easy to get
wrong: the winner of an All Fours major renege ahead of a side with more points, and Everest & Abyss players
ranked by when they went out."""

import io
import re

import pytest
from pypdf import PdfReader

EN = {"Accept-Language": "en"}
ALL_FOURS = {  # Anne & Sylvie lead 4-0, then Anne reneges holding a top trump: Julien & Pierre win
    "format": "scorekeeper-game/1",
    "rules": "all-fours",
    "players": ["Anne", "Julien", "Sylvie", "Pierre"],
    "rounds": [
        {"turn_ups": ["7"], "high": 0, "low": 0, "jack": 0, "game": 0},
        {
            "turn_ups": ["7"],
            "reneges": [{"side": 0, "major": True}],
            "high": None,
            "low": None,
            "jack": None,
            "game": None,
        },
    ],
}
EVEREST = {  # Pierre goes out in round 1, Julien and Sylvie together in round 2
    "format": "scorekeeper-game/1",
    "rules": "everest-abyss",
    "options": {"tokens": 10},
    "players": ["Anne", "Julien", "Sylvie", "Pierre"],
    "rounds": [
        {"cote": "everest", "staked": [1, 1, 1, 10], "folded": [False] * 4, "winner": 0},
        {"cote": "abyss", "staked": [1, 9, 9, 0], "folded": [False, False, False, True], "winner": 0},
    ],
}
CASES = [
    (ALL_FOURS, [(1, "Julien & Pierre", 0), (2, "Anne & Sylvie", 4)]),
    (EVEREST, [(1, "Anne", 40), (2, "Julien", 0), (2, "Sylvie", 0), (4, "Pierre", 0)]),
]


@pytest.mark.parametrize("document, expected", CASES, ids=["all-fours", "everest-abyss"])
def test_board_sheet_and_game_file_rank_alike(client, document, expected):
    url = client.post("/games/import", json=document).headers["Location"]
    exported = client.get(f"{url}/export.json").get_json()["result"]["standings"]
    assert [(s["rank"], s["side"], s["total"]) for s in exported] == expected
    html = client.get(url, headers=EN).get_data(as_text=True)
    board = re.search(r'<ol class="standings">(.*?)</ol>', html, re.S).group(1)
    rows = re.findall(r'<li value="(\d+)"><span>(.*?)</span> <strong>(.*?)</strong>', board)
    assert [(int(rank), side.replace("&amp;", "&"), int(total)) for rank, side, total in rows] == expected
    client.set_cookie("lang", "en")
    sheet = client.get(f"{url}/sheet.pdf")
    text = " ".join("\n".join(p.extract_text() for p in PdfReader(io.BytesIO(sheet.data)).pages).split())
    assert " · ".join(f"{rank}. {side} {total}" for rank, side, total in expected) in text
    assert f"Winner: {expected[0][1]}" in text
