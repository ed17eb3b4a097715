"""Calling with an unknown or duplicated keyword argument."""
def f(a, b=2):
    return a, b
try:
    f(1, 2, a=3)
except TypeError as e:
    print("TypeError:", e)
try:
    (lambda x: x)(y=1)
except TypeError as e:
    print("TypeError:", e)
f(1, c=3)
