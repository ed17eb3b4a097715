"""Positional-only parameters before /."""
def f(a, b, /, c, *, d=0):
    return a, b, c, d
print(f(1, 2, 3), f(1, 2, c=3, d=4))
def g(x, /, **kw):
    return x, kw
print(g(1, x=2))
try:
    f(1, b=2, c=3)
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
