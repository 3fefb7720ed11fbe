"""Oh Hell: its rules, the words of its form and sheet, all in this folder; it is drawn by the building blocks of
the games of exact bids (forms/exact_bids.py, templates/exact_bids.html, sheets/exact_bids.py)."""

from ...registry import Bundle

GAME = Bundle("oh-hell", order=60)  # registered in pyproject.toml (entry points)
