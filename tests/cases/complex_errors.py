"""complex does not order and does not floor-divide."""
try:
    print(1j < 2j)
except TypeError as e:
    print("TypeError:", e)
try:
    print(1j // 2)
except TypeError as e:
    print("TypeError:", e)
try:
    complex("1+")
except ValueError as e:
    print("ValueError:", e)
try:
    (1 + 1j) % 2
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
