"""An exception raised in a generator body propagates through list()."""
def gen():
    yield 1
    raise ValueError("bad item")
print("start")
list(gen())
