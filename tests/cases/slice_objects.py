"""slice() objects and indices()."""
s = slice(1, 10, 2)
print(s, s.start, s.stop, s.step, slice(5), slice(None, -1))
print(s.indices(5), slice(None, None, -1).indices(4), slice(-100, 100).indices(10), slice(-3, None).indices(10))
l = list(range(10))
print(l[s], l[slice(None, None, -3)], "abcdef"[slice(-2, None)], (1, 2, 3)[slice(1, None)])
print(l[-3:-1], l[-1:-3], l[-1:-3:-1], l[7:2:-2], l[100:], l[:-100], l[::-1][:3])
try:
    l[::0]
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
