"""Tout ou rien's own tests and its sample (sample.py), which the shared tests play."""
