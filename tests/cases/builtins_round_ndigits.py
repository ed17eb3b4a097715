"""round() with ndigits across ints and floats."""
print(round(3.14159, 3), round(3.14159, 0), round(-2.5), round(2.5, None), round(1234.5678, -2), round(1e20, -20))
print(round(123, 1), round(-15, -1), round(5, -1), round(0.05, 1), round(0.15, 1), round(0.25, 1))
print(type(round(2.5)).__name__, type(round(2.5, 1)).__name__, type(round(2, 1)).__name__)
try:
    round("1.5")
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
