"""Nested list comprehensions and conditions."""
print([x * y for x in range(1, 4) for y in range(1, 4) if x != y])
matrix = [[1, 2, 3], [4, 5, 6]]
print([[row[i] for row in matrix] for i in range(3)])
print([v for row in matrix for v in row if v % 2 if v > 1])
print([(i, c) for i, c in enumerate("abc") if i != 1])
print([x if x > 2 else -x for x in range(5)], [[]] * 0, [[j for j in range(i)] for i in range(4)])
[a + b for a in "xy" for b in "12"]
