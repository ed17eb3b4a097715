"""map/filter/zip/enumerate over sandbox code are the builtins: their types, and an error or StopIteration ends only one step."""
def ident(x):
    return x
m = map(ident, [1, 2])
f = filter(ident, [0, 1, 2])
z = zip((x for x in "ab"), [1, 2])
e = enumerate((x for x in "ab"), 5)
for it in (m, f, z, e):
    print(type(it), type(it).__name__, repr(it).split(" at ")[0], it.__class__, isinstance(it, type(it)))
print(type(m) is map, isinstance(f, filter), isinstance(z, (list, zip)), isinstance(e, enumerate | int))
print(isinstance(m, filter), type(m) == map, type(z)([1], [2]).__class__)
print(list(m), list(f), list(z), list(e))
def boom(x):
    if x == 2:
        raise ValueError(x)
    if x == 4:
        raise StopIteration(x)
    return x * 10
m = map(boom, [1, 2, 3, 4, 5, 6])
print(next(m))
try:
    next(m)
except ValueError as err:
    print("ValueError", err)
print(next(m))
try:
    next(m)
except StopIteration as stop:
    print("StopIteration", stop.args)
print(list(m))
m = map(boom, [1, 3, 4, 5])
print(list(m), list(m))
m = map(boom, [4, 5])
print(next(m, "default"), next(m, "d2"), next(m, "d3"))
def gen():
    r = yield from map(boom, [1, 4, 5])
    print("yield from got", r)
    yield "after"
print(list(gen()))
e = enumerate(map(boom, [1, 2, 3, 4, 5]), 10)
out = []
while True:
    try:
        out.append(next(e))
    except ValueError as err:
        out.append(("err", str(err)))
    except StopIteration:
        out.append("stop")
        break
print(out, list(e))
fl = filter(boom, [1, 2, 3])
print(next(fl))
try:
    next(fl)
except ValueError as err:
    print("filter", err)
print(list(fl))
z = zip(map(boom, [1, 2, 3]), "abc")
print(next(z))
try:
    next(z)
except ValueError:
    print("zip err")
print(list(z))
for it in (map(ident, [1]), filter(ident, [1]), zip((x for x in [1]),), enumerate(x for x in [1])):
    for attempt in (lambda: it.send, lambda: len(it), lambda: it[0], lambda: reversed(it)):
        try:
            attempt()
        except (AttributeError, TypeError) as error:
            print(type(error).__name__, error)
print(sum(map(ident, range(5))), sorted(filter(ident, [3, 0, 1])), dict(zip((c for c in "ab"), (1, 2))))
print(list(zip((x for x in [1, 2]), [1], strict=False)))
try:
    list(zip((x for x in [1, 2]), [1], strict=True))
except ValueError as error:
    print(error)
