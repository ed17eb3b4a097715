"""Subscripting a non-subscriptable value."""
x = 5
try:
    n = None
    n[0]
except TypeError as e:
    print("TypeError:", e)
x[0]
