"""Tuple and list targets, swaps and nested unpacking."""
a, b = 1, 2
a, b = b, a
print(a, b)
[c, d] = "xy"
(e, f), g = [1, 2], 3
h, (i, [j, k]) = 0, (1, "ab")
print(c, d, e, f, g, h, i, j, k)
for (n, m), z in [((1, 2), 3), ((4, 5), 6)]:
    print(n + m + z)
x = [0, 1, 2]
x[0], x[2] = x[2], x[0]
print(x)
i = 0
i, x[i] = 1, "set"
print(i, x)
