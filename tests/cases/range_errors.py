"""range argument errors."""
try:
    range(1, 2, 0)
except ValueError as e:
    print("ValueError:", e)
try:
    range(1.5)
except TypeError as e:
    print("TypeError:", e)
try:
    range(3).index(7)
except ValueError as e:
    print("ValueError:", e)
try:
    range()
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
