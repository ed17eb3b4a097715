"""Mutation during iteration over keys/items views."""
d = {1: "a", 2: "b"}
try:
    for k, v in d.items():
        d.pop(k)
except RuntimeError as e:
    print("items:", e)
s = {1, 2, 3}
try:
    for x in s:
        s.add(x + 10)
except RuntimeError as e:
    print("set:", e)
d = {1: 1}
try:
    for v in d.values():
        d[2] = 2
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
