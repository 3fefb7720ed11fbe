"""Everest & Abyss in German: a blank pad from the web prints its stakes, tokens and rules (moved from
tests/test_german.py)."""

from tests.pdfs import pdf_text
from tests.test_german import DE


def test_a_blank_german_pad_from_the_web_prints_the_german_rules(client):
    response = client.get("/sheets/blank.pdf?rules=everest-abyss&players=3&paper=a4", headers=DE)
    assert response.status_code == 200
    text = pdf_text(response.data)
    assert "Everest & Abyss – Spielblock" in text and "Einsatz" in text and "Chips" in text
    assert "Gleiche Zahlen: Wer zuerst gesetzt hat, gewinnt (Big Boss)." in " ".join(text.split())
