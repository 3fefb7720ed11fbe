"""Benchmarks of the real server over loopback: `make bench` (or `python -m bench`) prints the table that
BENCHMARKS.md records."""
