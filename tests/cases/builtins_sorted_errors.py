"""sorted() argument errors."""
try:
    sorted([1, 2], lambda x: x)
except TypeError as e:
    print("TypeError:", e)
try:
    sorted([None, 1])
except TypeError as e:
    print("TypeError:", e)
sorted(1)
