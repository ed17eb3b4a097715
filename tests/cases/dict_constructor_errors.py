"""dict() with bad sequences."""
try:
    dict([(1, 2, 3)])
except ValueError as e:
    print("ValueError:", e)
try:
    dict([1])
except TypeError as e:
    print("TypeError:", e)
try:
    dict(["ab", "cd", "e"])
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
