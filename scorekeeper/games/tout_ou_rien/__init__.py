"""Tout ou rien: its rules, form reader, board, score sheet and words, all in this folder."""

from ...registry import Bundle

GAME = Bundle("tout-ou-rien", style=True, order=10)  # registered in pyproject.toml (entry points)
