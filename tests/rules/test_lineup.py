"""RULES.md section 8, what every game shares: a game file with `changes` (FORMAT.md) round-trips exactly. Each
game's own walk through the section (who plays a round, latecomers, sit-outs, leavers, hand-overs, adjustments
and stops, in its own numbers) is in its folder: tests/games/<module>/test_lineup_rules.py."""

from scorekeeper import gamefile
from tests import pick
from tests.samples import sample


def test_a_game_file_with_changes_round_trips_exactly():
    walked = sample(pick.game(pick.changing_table))
    document = walked.LINEUP  # a join (and where), a sit-out, a leave
    game = gamefile.from_document(document)
    text = gamefile.dumps(gamefile.loads(gamefile.dumps(game)))  # as exported: its options complete
    again = gamefile.loads(text)
    assert gamefile.dumps(again) == text
    assert again.changes == document["changes"]
    assert "changes" not in gamefile.dumps(gamefile.from_document(walked.GAME))  # a table that never changed
