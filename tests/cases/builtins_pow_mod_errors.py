"""pow with three arguments requires ints."""
try:
    pow(2.0, 2, 5)
except TypeError as e:
    print("TypeError:", e)
try:
    pow(2, 2, 0)
except ValueError as e:
    print("ValueError:", e)
pow(0, -1, 5)
