"""Tuples: packing, methods, comparison, concatenation, hashability."""
t = 1, 2, 3
print(t, type(t).__name__, (1,), (), tuple("ab"), tuple([1]), tuple(range(3)), tuple())
print(t.count(2), t.index(3), t + (4,), t * 2, t[1:], t[::-1], len(t), 2 in t)
print((1, 2) < (1, 3), (1, 2) < (1, 2, 0), (2,) > (1, 9), (1, "a") == (1, "a"))
d = {(1, 2): "pair", (): "empty"}
print(d[1, 2], d[()], sorted([(2, "b"), (1, "z"), (2, "a")]))
print(max((1, "b"), (1, "a")), min([(3, 1), (2, 9)]))
try:
    t.index(9)
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
