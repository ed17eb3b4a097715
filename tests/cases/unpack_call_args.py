"""*args and **kwargs unpacking at call sites."""
def f(a, b, c=0, *rest, key=None, **kw):
    return (a, b, c, rest, key, kw)
args = [1, 2]
kwargs = {"key": "k", "extra": 5}
print(f(*args))
print(f(*args, *[3, 4], 5))
print(f(*"xy", **kwargs))
print(f(0, *range(2), **{"c2": 1}, key=2))
print(f(**{"a": 1, "b": 2}))
print(f(*(1, 2, 3), **dict(z=0), **{"y": 1}))
print(max(*[3, 1, 2]), print(*"abc", sep="-"))
try:
    f(*[1], **{"a": 2})
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
