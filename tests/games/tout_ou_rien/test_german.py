"""Tout ou rien in German: the game page's deal line and its secret and open bids, its sheet's bids, tricks and
rules summary, the command line's refusal of its tricks and its blank pad's legend (moved from tests/test_german.py)."""

import json
import re

from click.testing import CliRunner

from scorekeeper.cli import main
from tests.pdfs import pdf_text
from tests.samples import sample
from tests.test_german import DE, imported


def test_a_german_game_page_speaks_of_stiche_and_the_geber(client):
    url = imported(client, sample("tout-ou-rien").full_game(hands=[3, 2]) | {"rounds": []})
    html = client.get(url, headers=DE).get_data(as_text=True)
    assert "Runde 1" in html and "Zoë gibt jedem 3 Karten; Łukasz sagt zuerst an und spielt aus." in html
    assert "Verdeckt" in html and "Offen" in html and "Noch keine Runde gespielt." in html


def test_a_german_sheet_speaks_of_its_bids_and_tricks(client):
    url = imported(client, sample("tout-ou-rien").full_game())
    response = client.get(f"{url}/sheet.pdf?paper=a4", headers=DE)
    assert response.status_code == 200
    text = pdf_text(response.data)
    assert "Tout ou rien – Spielblock" in text
    assert "Gewinner: Łukasz" in text
    assert "Ansage" in text and "Stiche" in text and "Geber" in text
    assert "Verdeckte Ansage: 1 Punkt pro Stich" in text  # the rules summary
    assert re.search(r"\d{1,2}\. \w+ \d{4}", text)  # played on: 5. März 2026, as German writes a date


def test_the_command_line_speaks_german(tmp_path):
    bad = sample("tout-ou-rien").full_game()
    bad["rounds"][0]["tricks"][0] += 1
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad, ensure_ascii=False), encoding="utf-8")
    result = CliRunner().invoke(main, ["score", "--lang", "de", str(path)])
    assert result.exit_code == 1
    assert result.stderr.startswith("Runde 1: Die Stiche ergeben zusammen 7, aber jeder hat 6 Karten bekommen")


def test_the_command_line_prints_a_german_blank_pad(tmp_path):
    blank = tmp_path / "blank.pdf"
    args = ["sheet", "--blank", "--rules", "tout-ou-rien", "--players", "4", "--lang", "de", "-o", str(blank)]
    assert CliRunner().invoke(main, args).exit_code == 0
    assert "O = offene Ansage, V = verdeckte Ansage" in pdf_text(blank.read_bytes())
