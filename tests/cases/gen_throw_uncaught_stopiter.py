"""Exhausted generator: send raises StopIteration, uncaught."""
def g():
    yield 1
it = g()
next(it)
it.send(5)
