"""Sets of small ints print in CPython's hash-slot order."""
print({5, 3, 1, 2, 4}, {10, 1, 100}, {-1, 0, 1}, set([3, 3, 2]), {0, 8, 16})
s = set()
for i in [9, 2, 7, 4]:
    s.add(i)
print(s, list(s), sorted(s))
{33, 1, 65}
