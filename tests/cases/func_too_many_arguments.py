"""Calling with too many positional arguments."""
def f(a, b=1):
    return a
try:
    f(1, 2, 3)
except TypeError as e:
    print("TypeError:", e)
def g():
    pass
try:
    g(1)
except TypeError as e:
    print("TypeError:", e)
def h(a, *, b):
    pass
h(1, 2)
