"""Sorting incomparable items."""
l = [3, "a", 1]
l.sort()
