"""add, discard, remove, pop, update, and the set algebra methods."""
s = {3, 1, 2}
s.add(4); s.add(1); s.discard(10); s.discard(3); print(s, len(s))
s.remove(4); print(s)
s.update([5, 6], (7,)); print(s)
print(s.union({100}), s.intersection([1, 5, 9]), s.difference({1, 2}), s.symmetric_difference({1, 99}))
print(s.issubset(range(10)), s.issuperset({1}), s.isdisjoint({42}), {1, 2} < {1, 2, 3}, {1, 2} <= {1, 2})
t = s.copy(); t.intersection_update({1, 2, 3}); print(t)
t.difference_update({1}); print(t)
t.symmetric_difference_update({2, 8}); print(t)
print(s.pop() in range(10), len(s))
s.clear(); print(s, set() == frozenset())
try:
    {1, 2}.remove(3)
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
