"""Score sheets as a player gets them: the PDF read back with pypdf (names, totals, winners, paper, pages),
for every game, blank and completed, from the code and the command line (the web's in test_web_sheets). What
one game prints of its own (its marks, its columns, its deal) is in its folder: tests/games/<module>/test_sheet.py."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from scorekeeper import gamefile, registry, rules, sheets
from scorekeeper.cli import main
from scorekeeper.i18n import translate
from scorekeeper.sheets.layout import MAX_PAD, GameSheet, blank_pad
from tests import pick
from tests.samples import sample

from .helpers import A4, LETTER, URL, after, build, pages, pdf_text, size

THREE = rules.get(pick.game(pick.players(3)))  # any game three play
BOUND = f"{THREE.name} is played by {THREE.min_players} to {THREE.max_players} players, not {{}}."
MORE = THREE.max_players + 1  # one player more than it takes
FOUR = pick.game(pick.players(4))  # any game four play

# -- completed sheets, every game -------------------------------------------------------------------

COMPLETED = [pytest.param(sample(bundle.id).SHEET, id=bundle.id) for bundle in registry.GAMES]


@pytest.mark.parametrize("sheet", COMPLETED)
def test_a_completed_sheet_prints_names_totals_and_winners(sheet):
    data, result = build(sheet.game)
    label, totals, winners = sheet.label, sheet.totals, sheet.winners
    text = pdf_text(data)
    for name in result.sides:
        assert name in text
    for name in ("Zoë", "Łukasz", "Őrs"):
        assert name in text  # Latin letters beyond Western Europe print as themselves
    assert after(text, label, len(totals)) == totals
    assert f"Winner: {', '.join(winners)}" in text
    assert [size(p) for p in pages(data)] == [A4] or [size(p) for p in pages(data)] == [A4[::-1]]


def test_french_follows_the_language_given():
    game = pick.game()
    sheet = sample(game).SHEET
    text = pdf_text(build(sheet.game, lang="fr")[0])
    assert f"{translate(rules.get(game).name, 'fr')} — feuille de marque" in text
    assert f"Gagnant : {', '.join(sheet.winners)}" in text and "Manche" in text and "Page 1 sur 1" in text


def test_the_qr_code_is_the_game_address():
    text = pdf_text(build(sample(pick.game()).full_game())[0])
    assert URL in text.replace("\n", "")  # printed under the code too
    import segno

    code = sheets.QRCode(URL, 72)
    dark = sum(sum(1 for cell in row if cell) for row in segno.make(URL, error="m").matrix)
    assert sum(length for _, _, length in code.runs()) == dark


def test_the_same_game_gives_the_same_bytes():
    assert build(sample(FOUR).full_game())[0] == build(sample(FOUR).full_game())[0]
    assert sheets.blank(FOUR, 4, None, "fr", "a4") == sheets.blank(FOUR, 4, None, "fr", "a4")


# -- blank sheets, every game ------------------------------------------------------------------------

BLANK = [  # every registered game, every player count it takes, what its sample says the pad prints
    (rules_.id, (rules_.min_players, rules_.max_players), sample(rules_.id).BLANK) for rules_ in rules.all_rules()
]


@pytest.mark.parametrize("rules_id, counts, words", BLANK, ids=[b[0] for b in BLANK])
def test_a_blank_sheet_for_every_game_and_player_count(rules_id, counts, words):
    for players in range(counts[0], counts[1] + 1):
        data = sheets.blank(rules_id, players, None, "en", "a4")
        text = pdf_text(data)
        assert len(pages(data)) == 1
        assert size(pages(data)[0]) in (A4, A4[::-1])
        for word in words + ["Date:", "Place:", "Scorer:", "Winner:"]:
            assert word in text, (players, word)
        assert "#1" in text  # room to write the first name


def test_a_blank_sheet_names_the_players_given_and_leaves_the_rest_to_write():
    text = pdf_text(sheets.blank(pick.game(pick.players(5)), 5, ["Zoë", "Łukasz"], "en", "letter"))
    assert "Zoë" in text and "Łukasz" in text and "#3" in text and "#5" in text and "#1" not in text


@pytest.mark.parametrize(
    "players, names, message",
    [
        (MORE, None, BOUND.format(MORE)),
        (THREE.min_players - 1, None, BOUND.format(THREE.min_players - 1)),
        (3, ["A", "B", "C", "D"], "4 names were given for 3 players."),
        (3, ["Anne", "anne"], "Two players are named anne: names must differ."),
        (3, ["x" * 41], "The name of player 1 is longer than 40 characters."),
    ],
)
def test_bad_blank_sheet_requests_say_what_is_wrong(players, names, message):
    with pytest.raises(rules.Invalid) as caught:
        sheets.blank(THREE.id, players, names, "en", "a4")
    assert [p.text() for p in caught.value.problems] == [message]


def test_unknown_game_and_paper_are_refused():
    with pytest.raises(rules.Invalid, match="Unknown game"):
        sheets.blank("belote", 4, None, "en", "a4")
    with pytest.raises(rules.Invalid, match="a4 or letter"):
        sheets.blank(pick.game(), 4, None, "en", "a3")


# -- names in any script ------------------------------------------------------------------------------


def test_names_print_as_typed_even_when_they_look_like_markup():
    text = pdf_text(sheets.blank(THREE.id, 3, ["<script>alert(1)</script>", "<b>Bo</b>", "A & B"], "en", "a4"))
    assert "<script>alert(1)</script>" in text and "<b>Bo</b>" in text and "A & B" in text


def test_other_scripts_print_or_show_a_visible_replacement():
    text = pdf_text(sheets.blank(FOUR, 4, ["Αλέξης", "Дарья", "山田", "Zoe\u0308"], "en", "a4"))
    assert "Αλέξης" in text and "Дарья" in text
    assert "\ufffd\ufffd" in text and "山田" not in text  # no CJK in the font: two visible marks, not nothing
    assert "Zoë" in text  # a decomposed ë is composed before printing


VERA = f"""
import sys
from scorekeeper import sheets
from scorekeeper.sheets import text
text.DEJAVU_DIRS = ()  # as on a machine without DejaVu: ReportLab's own Vera font
assert text.fonts() == "Vera"
sys.stdout.buffer.write(sheets.blank("{FOUR}", 4, ["Zoë", "Łukasz", "Őrs", "François"], "en", "a4"))
"""


def test_without_dejavu_names_still_print_with_visible_marks_for_missing_letters():
    # a fresh interpreter: ReportLab keeps the first font registered under a name for the whole process
    done = subprocess.run([sys.executable, "-c", VERA], capture_output=True, check=True)
    text = pdf_text(done.stdout)
    assert "Zoë" in text and "Łukasz" in text and "François" in text
    assert "?rs" in text  # Vera has no Ő: a visible ? stands in for it


# -- the command line ---------------------------------------------------------------------------------


def test_the_command_line_prints_a_completed_sheet(tmp_path):
    sheet = sample(pick.game()).SHEET
    source = tmp_path / "game.json"
    source.write_text(json.dumps(sheet.game, ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "sheet.pdf"
    result = CliRunner().invoke(main, ["sheet", str(source), "-o", str(out), "--paper", "letter", "--lang", "fr"])
    assert result.exit_code == 0, result.output
    text = pdf_text(out.read_bytes())
    assert all(side in text for side in rules.play(gamefile.from_document(sheet.game)).sides)
    assert f"Gagnant : {', '.join(sheet.winners)}" in text
    assert size(pages(out.read_bytes())[0]) in (LETTER, LETTER[::-1])  # landscape where its columns need it


def test_the_command_line_prints_a_blank_sheet(tmp_path):
    out = tmp_path / "blank.pdf"
    result = CliRunner().invoke(
        main,
        [
            "sheet",
            "--blank",
            "--rules",
            FOUR,
            "--players",
            "4",
            "--names",
            "Zoë,Łukasz,Őrs,François",
            "-o",
            str(out),
            "--lang",
            "en",
        ],
    )
    assert result.exit_code == 0, result.output
    text = pdf_text(out.read_bytes())
    assert all(name in text for name in ("Zoë", "Łukasz", "Őrs", "François"))
    assert size(pages(out.read_bytes())[0]) == A4


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ["--blank", "--rules", THREE.id, "--players", str(MORE)],
            BOUND.format(MORE),
        ),
        (["--blank", "--rules", "belote", "--players", "4"], "Unknown game belote"),
    ],
)
def test_the_command_line_refuses_bad_requests_and_writes_nothing(tmp_path, args, message):
    out = tmp_path / "no.pdf"
    result = CliRunner().invoke(main, ["sheet", *args, "-o", str(out), "--lang", "en"])
    assert result.exit_code == 1
    assert message in result.output
    assert not out.exists()


def test_the_command_line_refuses_a_bad_game_file(tmp_path):
    source = tmp_path / "bad.json"
    source.write_text(json.dumps({**sample(THREE.id).full_game(), "players": ["Zoë"]}), encoding="utf-8")
    out = tmp_path / "no.pdf"
    result = CliRunner().invoke(main, ["sheet", str(source), "-o", str(out), "--lang", "en"])
    assert result.exit_code == 1 and BOUND.format(1) in result.output
    assert not out.exists()
    result = CliRunner().invoke(main, ["sheet", "-o", str(out)])
    assert result.exit_code == 2 and not out.exists()


# -- what a sheet costs follows the rounds played --------------------------------------------------------


LONG = [  # each game whose option allows far more rounds than are played
    pytest.param(sample(bundle.id).LONG, id=bundle.id) for bundle in registry.GAMES if sample(bundle.id).LONG
]


@pytest.mark.parametrize("document", LONG)
def test_a_long_option_prints_the_rounds_played_and_ten_ahead_on_one_page(document):
    game = gamefile.from_document(document)
    result = rules.play(game)
    layout = sheets.completed_layout(game, result, "en")
    assert sum(1 for row in layout.rows if row.kind == "round") == len(result.rounds)
    assert sum(1 for row in layout.rows if row.kind == "empty") == 10
    data = sheets.completed(game, result, "en", "a4", URL)
    assert len(pages(data)) == 1


@pytest.mark.parametrize("document", LONG)
def test_a_blank_pad_of_a_long_game_prints_its_rounds_or_fills_one_page(document):
    """Rounds the game sets, up to a pad's worth, are printed whole; more, or none set, fill one page."""
    rules_id, options = document["rules"], document["options"]
    module, names = sheets.module_for(rules_id), ["", "", ""]
    full = rules.get(rules_id).check_setup(["a", "b", "c"], options)
    layout = sheets.blank_layout(rules_id, names, full, "en")
    data = sheets.draw(layout, "en", "a4")
    empty = [row.lead[0].text for row in layout.rows if row.kind == "empty"]
    assert empty == [str(k) for k in range(1, len(empty) + 1)]
    text = pdf_text(data)
    assert f"\n{len(empty)}\n" in text
    count = module.SHEET.pad_rounds(full, len(names))
    if count is not None and count <= MAX_PAD:  # a 30-hand pad: every hand, on as many pages as it takes
        assert len(empty) == count
        return
    assert len(pages(data)) == 1
    assert 10 < len(empty) <= 40  # a page's worth


def test_a_sheet_is_told_the_players_so_its_length_may_depend_on_them():
    """A game dealing out a 60-card pack lasts 60 / players rounds: its pad prints that many, and a
    game in progress the rounds still to play, with no option made up to carry the player count."""
    bundle = next(b for b in registry.GAMES if type(b.sheet().SHEET).pad_rounds is GameSheet.pad_rounds)

    class Sixty(type(bundle.sheet().SHEET)):
        def length(self, options: dict, players: int) -> int | None:
            return 60 // players

    rules_ = rules.get(bundle.id)
    for players in range(rules_.min_players, min(rules_.max_players, 6) + 1):
        names = [f"P{k}" for k in range(players)]
        pad = blank_pad(Sixty(), rules_, names, rules_.check_setup(names, {}), "en")
        assert len([row for row in pad.rows if row.kind == "empty"]) == 60 // players, players
        assert Sixty().rounds_ahead({}, players, 5) == 60 // players - 5


def test_a_blank_pad_prints_a_short_round_limit_whole():
    """Five rounds set: the pad prints them (and any its sheet adds, a tie-break's, say), not a page's worth."""
    game = pick.game(pick.option("rounds"), pick.players(3))
    full = rules.get(game).check_setup(["a", "b", "c"], {"rounds": 5})
    layout = sheets.blank_layout(game, ["", "", ""], full, "en")
    sheets.draw(layout, "en", "a4")
    count = registry.get(game).sheet().SHEET.pad_rounds(full, 3)
    assert 5 <= count < 10
    assert [row.lead[0].text for row in layout.rows if row.kind == "empty"] == [str(k) for k in range(1, count + 1)]
