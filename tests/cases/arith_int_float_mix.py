"""Mixed int/float/bool arithmetic and comparisons."""
print(1 + 2.0, 3 * 1.5, 2 ** 0.5, 2 ** -1, (-8) ** (1 / 3) == (-8) ** (1 / 3))
print(True + True, True * 3, False - 1, 3 - True, True / 2)
print(1 == 1.0, 1 == True, 2 == True, 0.5 + 0.5 == 1)
print(10**16 + 1 == float(10**16 + 1), 2**53 + 1 == float(2**53 + 1))
print(int(2.9), int(-2.9), int(1e20), int(True))
