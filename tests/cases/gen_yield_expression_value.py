"""The value of a yield expression is None after next()."""
def g():
    a = yield 1
    b = yield a
    print("a, b =", a, b)
    yield (a, b)
it = g()
print(next(it), next(it), it.send("B"))
def two_way():
    value = yield
    while value is not None:
        value = yield value * 2
t = two_way()
next(t)
[t.send(i) for i in (1, 2, 3)]
