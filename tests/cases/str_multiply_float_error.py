"""Sequence repetition needs an int."""
"ab" * 2.0
