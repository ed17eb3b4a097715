"""Negative and fractional exponents."""
print(2 ** -1, 2 ** -2, 10 ** -3, (-2) ** -3, 0.5 ** -2)
print(pow(2, -1), pow(-2.0, 2), pow(4, 0.5), 4 ** 0.5)
print((-1) ** 0.5)
print(2 ** 3 ** 2, (2 ** 3) ** 2, -2 ** 2, (-2) ** 2)
try:
    0 ** -1
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
