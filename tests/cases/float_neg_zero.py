"""Signed zero behaviour."""
z = -0.0
print(z, z == 0.0, str(z), repr(z), -z, 0.0 * -1, -0.0 + 0.0, -0.0 - 0.0)
print(abs(z), round(-0.4), round(-0.4, 1), int(z), z * 5, -0.0 // 1)
print(format(-0.0, ".1f"), f"{-0.0:+}", "%.2f" % -0.0, f"{-0.0001:.2f}")
print(max(0.0, -0.0), min(0.0, -0.0), max(-0.0, 0.0))
