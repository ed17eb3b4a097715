"""Operator precedence and associativity."""
print(2 + 3 * 4, (2 + 3) * 4, 2 * 3 ** 2, -3 ** 2, 2 ** -1)
print(10 - 4 - 3, 100 // 10 // 3, 2 ** 2 ** 3, 7 % 4 * 2)
print(1 + 2 << 3, 1 | 2 ^ 3 & 4, not 1 == 2, 1 < 2 == 2, -1 < 0 < 1)
print(1 if 0 else 2 if 0 else 3, (lambda: 1 or 2)(), not not 0)
