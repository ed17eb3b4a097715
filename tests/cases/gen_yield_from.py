"""yield from delegates and returns the subgenerator's return value."""
def inner():
    x = yield "i1"
    print("inner got", x)
    yield "i2"
    return "inner result"
def outer():
    result = yield from inner()
    print("outer got", result)
    yield from [10, 20]
    yield from "ab"
    yield from range(2)
    return "outer result"
g = outer()
print(next(g))
print(g.send("sent"))
print(list(g))
def chain(*its):
    for it in its:
        yield from it
list(chain([1], (2, 3), {4: 0}))
