"""Generator functions: lazy execution, exhaustion, StopIteration."""
def gen():
    print("start")
    yield 1
    print("middle")
    yield 2
    print("end")
g = gen()
print("before next")
print(next(g))
print(next(g))
try:
    next(g)
except StopIteration as e:
    print("StopIteration", e.args, e.value)
print(next(g, "default"))
print(list(gen()))
