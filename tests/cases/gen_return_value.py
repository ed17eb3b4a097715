"""A generator's return value travels in StopIteration.value."""
def gen():
    yield 1
    return "done"
g = gen()
print(next(g))
try:
    next(g)
except StopIteration as e:
    print("value:", e.value, e.args)
def empty():
    return 5
    yield
try:
    next(empty())
except StopIteration as e:
    print("empty:", e.value)
def no_return():
    yield 1
g = no_return()
next(g)
try:
    next(g)
except StopIteration as e:
    print(e.value, e.args)
