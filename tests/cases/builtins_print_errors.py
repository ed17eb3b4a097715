"""print() with bad keyword values."""
try:
    print("x", sep=1)
except TypeError as e:
    print("TypeError:", e)
try:
    print("y", end=5)
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
