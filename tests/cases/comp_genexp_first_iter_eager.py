"""The first iterable of a genexp is evaluated immediately, the rest lazily."""
try:
    g = (x for x in 5)
except TypeError as e:
    print("eager:", e)
g = (y for x in [1] for y in 5)
print("created lazily")
try:
    next(g)
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
