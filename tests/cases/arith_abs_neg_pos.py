"""Unary operators and abs across numeric types."""
print(abs(-5), abs(5), abs(-5.5), abs(-0.0), abs(3 + 4j), abs(True), abs(-(10 ** 30)))
print(-True, +True, -0, -0.0, +-3, --3, -(-3.5))
print(abs(float("-inf")))
try:
    abs("x")
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
