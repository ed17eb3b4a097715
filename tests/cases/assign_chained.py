"""Chained assignment binds the same object to every target, left to right."""
a = b = c = []
a.append(1)
print(a, b, c, a is c)
x = y = 5
y += 1
print(x, y)
l = [0, 0, 0]
i = l[i] = 1
print(i, l)
p, q = r = (1, 2)
print(p, q, r)
