"""set.remove of a missing element."""
s = {1, 2}
s.discard(5)
s.remove(5)
