"""iter() and next() with defaults, and the two-argument iter(callable, sentinel)."""
it = iter([1, 2])
print(next(it), next(it), next(it, "default"), next(it, None))
s = iter("ab")
print(list(s), list(s))
n = [0]
def tick():
    n[0] += 1
    return n[0]
print(list(iter(tick, 4)))
d = iter({"x": 1, "y": 2})
print(next(d), list(d))
try:
    next(iter([]))
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
