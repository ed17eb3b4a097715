"""Set and dict comprehensions."""
print({x % 4 for x in range(20)}, {len(w) for w in "a bb cc ddd".split()})
print({w: len(w) for w in ["apple", "fig"]}, {k: v for k, v in [(1, 2), (1, 3)]})
inv = {v: k for k, v in {"a": 1, "b": 2}.items()}
print(inv, {i: {j for j in range(i)} for i in range(3)})
{(x, y) for x in range(2) for y in range(2)} == {(0, 0), (0, 1), (1, 0), (1, 1)}
