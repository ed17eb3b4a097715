"""throw() raises inside the generator at the paused yield."""
def gen():
    while True:
        try:
            yield "ready"
        except ValueError as e:
            print("caught inside:", e)
            yield "recovered"
g = gen()
print(next(g))
print(g.throw(ValueError("oops")))
print(next(g))
def fragile():
    yield 1
    yield 2
f = fragile()
next(f)
try:
    f.throw(KeyError("k"))
except KeyError as e:
    print("propagated", repr(e))
print(next(f, "exhausted"))
def unstarted():
    print("never runs")
    yield
u = unstarted()
try:
    u.throw(IndexError("early"))
except IndexError as e:
    print("early", e)
try:
    g.throw(TypeError("not handled inside"))
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
