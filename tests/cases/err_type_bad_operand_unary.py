"""Unary minus on a string."""
-"abc"
