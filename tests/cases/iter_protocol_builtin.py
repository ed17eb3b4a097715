"""Iterators of builtin containers are single-pass and share state."""
l = [1, 2, 3, 4]
it = iter(l)
print(next(it), list(zip(it, it)), list(it))
r = iter(range(3))
print(2 in r, list(r))
s = iter("abcdef")
print("c" in s, "".join(s))
d = {"a": 1, "b": 2}
ki = iter(d.items())
print(next(ki), list(ki))
e = enumerate(["x", "y", "z"])
next(e)
print(list(e), iter(e) is e)
