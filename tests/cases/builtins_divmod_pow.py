"""divmod and pow builtins across types."""
print(divmod(7, 3), divmod(-7, 3), divmod(7.5, 2), divmod(-7.5, 2), divmod(2 ** 70, 3))
print(pow(2, 10), pow(2.0, 3), pow(2, -2), pow(-8, 1 / 3) == (-8) ** (1 / 3), pow(7, 2, 5), pow(base=2, exp=5))
print(pow(2, 0.5), pow(0, 0), pow(0.0, 0), pow(1, 10 ** 10), pow(-1, 10 ** 10 + 1))
try:
    divmod(1, "2")
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
