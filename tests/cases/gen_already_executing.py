"""A generator cannot be resumed from inside itself."""
def gen():
    yield g.send(None)
g = gen()
next(g)
