"""StopIteration thrown into a generator becomes RuntimeError (PEP 479), started or not."""
def g():
    yield 1


for prepare in [lambda it: None, lambda it: next(it), lambda it: list(it)]:
    it = g()
    prepare(it)
    try:
        it.throw(StopIteration('x'))
    except BaseException as e:
        print(type(e).__name__, e, repr(e.__cause__), repr(e.__context__))
it = g()
try:
    it.throw(StopIteration)
except RuntimeError as e:
    print(e, repr(e.__cause__))
print(next(it, 'done'))
