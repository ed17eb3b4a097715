"""list += accepts any iterable, list + does not."""
l = [1]
l += (2, 3)
l += "ab"
l += range(2)
l += {9: 0}
print(l)
l.extend(x * 2 for x in range(3))
print(l)
try:
    l = l + "cd"
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
