"""Calling with too few arguments."""
def f(a, b, c):
    return a + b + c
try:
    f(1)
except TypeError as e:
    print("TypeError:", e)
try:
    f()
except TypeError as e:
    print("TypeError:", e)
def g(*, k, m):
    pass
try:
    g()
except TypeError as e:
    print("TypeError:", e)
f(1, 2)
