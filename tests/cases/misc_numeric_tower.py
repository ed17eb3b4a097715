"""Mixed arithmetic across bool/int/float/complex promotes correctly."""
vals = [True, 3, 2.5, 1 + 1j]
for a in vals:
    print([type(a + b).__name__ for b in vals], [a * b for b in vals])
print(3 // 2.0, 3 % 2.5, 2 ** 0.5 * 2 ** 0.5 == 2, 7 / 2 == 3.5, (1 + 2j) * True)
isinstance(1 + True, int), isinstance(1.0 + True, float)
