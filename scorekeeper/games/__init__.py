"""The games, one folder each (scorekeeper/registry.py says what a folder holds and how a game is found)."""
