"""Tuple + list is a TypeError."""
(1, 2) + [3]
