"""True division always yields a float."""
print(7 / 2, -7 / 2, 6 / 3, 1 / 3, 2 / 3, 10**20 / 10**10)
print(type(4 / 2).__name__)
print(1 / 7 * 7, 0.1 * 3, 1e308 * 10, -1e308 * 10)
print(10**400 // 10**399, 7 / 7.0)
