"""All Fours: its rules, form reader, board, score sheet and words, all in this folder."""

from ...registry import Bundle

GAME = Bundle("all-fours", script=True, style=True, order=40)  # registered in pyproject.toml (entry points)
