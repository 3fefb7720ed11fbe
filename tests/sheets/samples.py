"""What the score sheet tests share: names beyond Western Europe, and a game file built from its parts. Each
game's own sample games are in its sample module (tests/samples/<module>.py)."""

from __future__ import annotations

from tests.samples import NAMES, document

__all__ = ["NAMES", "SIX", "document"]

SIX = NAMES + ["Ana-Lucía", "Søren"]
