"""is / is not with singletons; == on containers."""
a = [1, 2]
b = a
c = [1, 2]
print(a is b, a is c, a == c, a is not c, None is None, True is True)
print([] is [], () == (), None == False, 0 == False, "" == False)
print([1, [2]] == [1, [2]], {1: [2]} == {1: [2]}, (1, 2) == [1, 2], {1, 2} == frozenset({1, 2}))
print(type(None).__name__, None.__class__.__name__, repr(None), str(None), [None])
x = None
x is None
