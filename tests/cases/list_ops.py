"""+, *, comparisons, membership and in-place variants."""
a = [1, 2]
b = a
a += [3]; print(a, b, a is b)
a = a + [4]; print(a, b, a is b)
print([1, 2] * 2, [0] * 0, [[]] * 2, [1, 2] < [1, 3], [1, 2] < [1, 2, 0], [2] > [1, 9], [] == [])
print(3 in [1, 2, 3], [1] in [[1]], [1, [2, 3]] == [1, [2, 3]])
c = [1]; c *= 3; print(c)
grid = [[0] * 2] * 2; grid[0][0] = 1; print(grid)
try:
    [1] + (2,)
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
