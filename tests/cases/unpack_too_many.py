"""Unpacking more values than targets."""
try:
    a, b = 1, 2, 3
except ValueError as e:
    print("ValueError:", e)
try:
    a, b = "abc"
except ValueError as e:
    print("ValueError:", e)
try:
    a, *b, c = [1]
except ValueError as e:
    print("ValueError:", e)
x, y = [1, 2, 3, 4]
