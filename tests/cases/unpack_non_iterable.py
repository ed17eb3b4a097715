"""Unpacking a non-iterable."""
try:
    a, b = 5
except TypeError as e:
    print("TypeError:", e)
for x, y in [(1, 2), 3]:
    print(x, y)
