"""slice() builtin and slice attributes."""
s = slice(2)
print(s, s.start, s.stop, s.step, slice(1, 2).indices(10), slice(None, None, 2) == slice(None, None, 2))
print("abcdef"[slice(1, 5, 2)], [1, 2, 3][slice(None, None, -1)], range(10)[slice(-3, None)])
print(slice(0, 10, 3).indices(5), slice(-1, -10, -2).indices(6))
try:
    slice()
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
