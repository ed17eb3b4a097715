"""The format() builtin with default and explicit specs."""
print(format(3), format(3.0), format("s"), format(None), format([1]), format(True), format(1 + 1j))
print(format(0.1, ".17f"), format(1 / 3, ".5"), format(100, "e"), format(1e100, ".1e"), format(2 ** 64, "x"))
print(format(12.5, "05.1f"), format(-7, "x"), format(7, "c"), format(255, "08b"))
try:
    format(None, "d")
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
