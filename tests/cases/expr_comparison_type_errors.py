"""Ordering comparisons between unrelated types fail."""
for a, b in [(1, "1"), ([1], (1,)), (None, 0), ({}, {}), ("a", 1.5)]:
    try:
        print(a < b)
    except TypeError as e:
        print("TypeError:", e)
print(1 == "1", [1] == (1,), None == 0, {} != [])
try:
    {1} < [1]
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
