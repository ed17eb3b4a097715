"""Unpacking an iterator checks for exhaustion."""
def gen():
    yield 1
    yield 2
    print("third requested")
    yield 3
a, b = gen()
