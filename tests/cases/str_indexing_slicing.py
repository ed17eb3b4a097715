"""Indexing and slicing strings."""
s = "abcdefgh"
print(s[0], s[-1], s[2:5], s[:3], s[5:], s[-3:], s[:-3], s[::2], s[1::3], s[::-1], s[-2:1:-2])
print(repr(s[10:]), repr(s[5:2]), s[-100:100], s[3:-100:-1], s[::-3])
print(s[slice(1, 4)], s[slice(None, None, -2)])
try:
    s[8]
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
