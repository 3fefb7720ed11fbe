"""Inferno: its rules, form reader, board, score sheet and words, all in this folder."""

from ...registry import Bundle

GAME = Bundle("inferno", script=True, style=True, order=50)  # registered in pyproject.toml (entry points)
