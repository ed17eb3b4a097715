"""Starred assignment targets."""
first, *rest = [1, 2, 3, 4]
print(first, rest)
*init, last = "abcd"
print(init, last)
a, *mid, z = range(5)
print(a, mid, z)
a, *mid, z = (1, 2)
print(a, mid, z)
[x, *y] = (9,)
print(x, y)
(p, *q), r = "hey", 0
print(p, q, r)
*everything, = {1: 0, 2: 0}
print(everything)
for head, *tail in ["abc", [1]]:
    print(head, tail)
