"""float methods: is_integer, as_integer_ratio, hex, fromhex, conjugate."""
print((3.0).is_integer(), (3.5).is_integer(), (0.5).as_integer_ratio(), (0.1).as_integer_ratio())
print((-2.5).as_integer_ratio(), (1e20).as_integer_ratio())
print((1.0).hex(), (0.1).hex(), (-2.5).hex(), float.fromhex("0x1.8p1"), float.fromhex("-0x1p-2"))
print((2.5).real, (2.5).imag, (2.5).conjugate(), float(True), float("  1_000.5 "), float("1e3"))
print(float("-.5"), float("+3."), float(" inf"), float(7))
(float("inf")).is_integer()
