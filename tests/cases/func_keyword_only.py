"""Keyword-only parameters after * and *args."""
def f(a, *, b, c=3):
    return a, b, c
print(f(1, b=2), f(1, c=0, b=2), f(a=0, b=1))
def g(*args, sep="-"):
    return sep.join(args)
print(g("a", "b"), g("a", "b", sep="+"), g())
try:
    f(1, 2)
except TypeError as e:
    print("TypeError:", e)
try:
    f(1)
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
