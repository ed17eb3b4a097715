"""Test-wide settings: hypothesis runs derandomised, so CI is repeatable."""

from hypothesis import settings

settings.register_profile("littrs", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("littrs")
