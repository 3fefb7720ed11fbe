"""Each game's own tests and sample, one folder a game (tests/games/<module>/)."""
