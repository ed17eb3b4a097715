"""Comprehension variables do not leak; the first iterable is evaluated outside."""
x = "outer"
l = [x for x in range(3)]
print(x, l)
y = [[1, 2], [3]]
print([y for y in y for y in y])
print(y)
n = 3
print([n * i for i in range(n)], {i: n for i in range(2)}, list(n + i for i in range(2)))
def f():
    k = 10
    return [k + i for i in range(3)]
print(f())
try:
    i
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
