"""Attribute access on an int literal."""
(5).append
