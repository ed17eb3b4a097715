"""Unpacking fewer values than targets."""
try:
    a, b, c = 1, 2
except ValueError as e:
    print("ValueError:", e)
try:
    a, b = []
except ValueError as e:
    print("ValueError:", e)
try:
    a, b, *c, d = (1, 2)
except ValueError as e:
    print("ValueError:", e)
a, b = [1]
