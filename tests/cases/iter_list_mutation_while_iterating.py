"""Mutating a list while iterating over it (no error, surprising results)."""
l = [1, 2, 3, 4, 5, 6]
for x in l:
    if x % 2 == 0:
        l.remove(x)
print(l)
m = [1, 2, 3]
out = []
for x in m:
    out.append(x)
    if x == 1:
        m.insert(0, 0)
    if len(out) > 5:
        break
print(out, m)
n = [1, 2, 3]
for i, x in enumerate(n):
    n[i] = x * 10
n
