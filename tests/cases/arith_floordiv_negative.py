"""Floor division rounds toward negative infinity for ints."""
for a, b in [(7, 2), (-7, 2), (7, -2), (-7, -2), (0, -3), (1, -1), (-1, 3)]:
    print(a, b, a // b)
print(-(7 // 2), -7 // 2, -(-7 // 2))
(-10**20) // 3
