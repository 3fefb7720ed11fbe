"""ALL or NOTHING's own tests and its sample (sample.py), which the shared tests play."""
