"""Iterating ranges with big steps, negative steps and big numbers."""
print(list(range(0, 100, 17)), list(range(5, -5, -3)), list(range(10 ** 20, 10 ** 20 + 3)))
r = range(1, 10 ** 12, 10 ** 11)
print(len(r), r[3], list(r)[:3], 10 ** 11 + 1 in r, r.index(2 * 10 ** 11 + 1))
print(list(reversed(range(0, 10, 4))), range(0, 10, 4)[-1], range(3)[1:], range(10)[::-3])
