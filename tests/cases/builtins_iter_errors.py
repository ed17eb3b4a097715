"""iter() of non-iterables and next() of non-iterators."""
try:
    iter(5)
except TypeError as e:
    print("TypeError:", e)
try:
    next([1, 2])
except TypeError as e:
    print("TypeError:", e)
try:
    next(5)
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
