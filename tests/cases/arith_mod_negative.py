"""Modulo takes the sign of the divisor for ints."""
for a, b in [(7, 3), (-7, 3), (7, -3), (-7, -3), (0, 5), (-1, 10**20), (10**20, -7)]:
    print(a, b, a % b)
print([i % -4 for i in range(-5, 6)])
