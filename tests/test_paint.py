"""What a save's answer costs the phone that draws it, checked without timing anything (bench/phone_replay.py
times it): no style rule asks the browser to look through the whole page again at every swap."""

from pathlib import Path

from scorekeeper import registry

ROOT = Path(__file__).resolve().parent.parent


def test_no_style_rule_of_a_game_page_hangs_on_a_has_of_the_root():
    # `:root:has(x)` is checked again at every element a swap adds or takes away anywhere in the page; the server
    # says such a thing with a class instead (html.save-bar)
    sheets = [ROOT / "static" / "app.css", ROOT / "static" / "memory.css"]
    sheets += [b.folder / "style.css" for b in registry.GAMES if b.style]
    found = [f"{s.name}: {line.strip()}" for s in sheets for line in s.read_text().splitlines() if ":root:has(" in line]
    assert not found, found
