"""range objects: len, indexing, slicing, membership, equality, repr."""
r = range(2, 20, 3)
print(r, len(r), r[0], r[-1], r[2:4], r[::-1], list(r[::2]), 11 in r, 12 in r, r.index(8), r.count(5))
print(range(5), range(0), range(1, 2), list(range(10, 0, -3)), list(range(-5)), len(range(5, 0)))
print(range(0, 6, 2) == range(0, 5, 2), range(0) == range(5, 2), r.start, r.stop, r.step)
print(list(reversed(range(5))), sum(range(101)), max(range(7)), list(range(0, -10, -4)))
print(range(10 ** 20)[-1], 10 ** 19 in range(10 ** 20), range(10 ** 20)[::10 ** 19])
try:
    range(10)[10]
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
