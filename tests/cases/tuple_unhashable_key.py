"""A tuple containing a list is unhashable."""
d = {}
d[(1, 2)] = "ok"
print(d)
d[(1, [2])] = "bad"
