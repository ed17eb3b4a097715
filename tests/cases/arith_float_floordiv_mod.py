"""Float // and % with negative operands and fractional parts."""
for a, b in [(7.5, 2), (-7.5, 2), (7.5, -2), (-7.5, -2.5), (5.0, 0.1), (-0.0, 3.0), (1e300, 1e-300)]:
    print(a, b, a // b, a % b)
print(0.0 % -3.0, -0.0 % 3.0)
print(divmod(-7.5, 2))
print(divmod(7, -2.0))
