"""Everest & Abyss: its rules, form reader, board, score sheet and words, all in this folder."""

from ...registry import Bundle

GAME = Bundle("everest-abyss", script=True, style=True, order=30)  # registered in pyproject.toml (entry points)
