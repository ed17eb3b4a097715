"""Unhashable keys."""
d = {}
try:
    d[[1]] = 2
except TypeError as e:
    print("TypeError:", e)
try:
    print({1, {2}})
except TypeError as e:
    print("TypeError:", e)
try:
    {"a": 1}.get({})
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
