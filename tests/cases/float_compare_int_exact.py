"""Float/int comparisons are exact, even for big ints."""
print(2 ** 53 == 2.0 ** 53, 2 ** 53 + 1 == 2.0 ** 53, 2 ** 53 + 1 > 2.0 ** 53)
print(10 ** 20 == 1e20, 10 ** 23 == 1e23, 0.1 == 1 / 10, 0.5 < 1 < 1.5)
print(sorted([3, 2.5, True, -1, 0.0, 10 ** 20, 1e19]))
print(max(1, 1.0), max(1.0, 1), min(2, 2.0))
