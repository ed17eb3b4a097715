"""close() raises GeneratorExit at the paused yield; finally blocks run."""
def gen():
    try:
        yield 1
        yield 2
    finally:
        print("cleanup")
g = gen()
print(next(g))
g.close()
print("closed", next(g, "done"))
g.close()
def catcher():
    try:
        yield 1
    except GeneratorExit:
        print("got GeneratorExit")
        raise
c = catcher()
next(c)
c.close()
def stubborn():
    try:
        yield 1
    except GeneratorExit:
        yield "refuse"
s = stubborn()
next(s)
try:
    s.close()
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
