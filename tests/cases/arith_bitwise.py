"""Bitwise operators on ints, including negative numbers and shifts."""
print(12 & 10, 12 | 10, 12 ^ 10, ~12, ~-1, ~0)
print(-12 & 10, -12 | 10, -12 ^ 10, -1 & 0xFF)
print(1 << 10, 1 << 100, -1 << 3, 1024 >> 3, -1024 >> 3, -1 >> 100, 5 >> 1)
print(True & False, True | False, True ^ True, type(True & True).__name__)
print((2 ** 70 | 1) & 3, (2 ** 70) >> 68)
try:
    1 << -1
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
