"""littrs benchmarks, side by side with CPython ``exec``: run ``python -m bench``."""
