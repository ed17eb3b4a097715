"""A StopIteration escaping a generator becomes RuntimeError (PEP 479)."""
def bad():
    yield 1
    next(iter([]))
    yield 2
g = bad()
print(next(g))
try:
    next(g)
except RuntimeError as e:
    print("RuntimeError:", e, type(e.__context__).__name__)
def bad2():
    raise StopIteration("inner")
    yield
try:
    list(bad2())
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
