"""frozenset: hashable, usable as set element and dict key."""
f = frozenset([1, 2, 2, 3])
print(f, len(f), 2 in f, f | {4}, f & {1, 7}, frozenset() == set(), f == {1, 2, 3})
d = {f: "frozen"}
print(d[frozenset({3, 2, 1})], {f, frozenset([1, 2, 3])}, type(f | {9}).__name__, type({9} | f).__name__)
print(f.union([8]), f.issubset({1, 2, 3, 4}), f.copy() == f, sorted(f))
try:
    f.add(4)
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
