"""ALL or NOTHING: its rules, form reader, board, score sheet and words, all in this folder."""

from ...registry import Bundle

GAME = Bundle("all-or-nothing", script=True, style=True, order=20)  # registered in pyproject.toml (entry points)
