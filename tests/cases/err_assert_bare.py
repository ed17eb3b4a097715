"""A bare failing assert has an empty message."""
x = []
assert x
