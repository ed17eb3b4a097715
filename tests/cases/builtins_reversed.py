"""reversed() on sequences, ranges and dicts."""
print(list(reversed([1, 2, 3])), list(reversed("abc")), list(reversed(range(5))), list(reversed((1, 2))))
print(list(reversed({"a": 1, "b": 2})), list(reversed({1: "x", 2: "y"}.items())), "".join(reversed("stressed")))
r = reversed([1, 2])
print(next(r), next(r), next(r, None))
try:
    reversed({1, 2})
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
