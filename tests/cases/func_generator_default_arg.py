"""Keyword defaults referencing earlier globals are captured at def time."""
base = 10
def f(x, b=base):
    return x + b
base = 20
print(f(1), f(1, base))
def g(x, b=None):
    return x + (base if b is None else b)
base = 30
g(1)
