"""Slice assignment, including extended slices and size changes."""
l = list(range(10))
l[2:5] = ["a", "b"]; print(l)
l[:0] = [-1]; print(l)
l[len(l):] = [99, 100]; print(l)
l[::2] = "x" * len(l[::2]); print(l)
l[1:3] = []; print(l)
l[-2:] = range(3); print(l)
l[5:2] = ["z"]; print(l)
m = [1, 2, 3]; m[:] = m + m; print(m)
n = [0, 1, 2, 3, 4, 5]
n[::-2] = [10, 30, 50]; print(n)
try:
    n[::2] = [1, 2]
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
