"""Calls with *args that is no iterable: the error names the callable as CPython does."""
def f(*a, **k):
    return a
def g():
    yield 1
    yield 2
for call in [lambda: f(*1), lambda: f(1, *1), lambda: f(*1, 2), lambda: len(*1), lambda: print(*1),
             lambda: f(*1, **{}), lambda: (lambda: 0)(*1), lambda: f(*None), lambda: int(*1),
             lambda: [].append(*1), lambda: 'a'.join(*1), lambda: max(*1), lambda: (1).to_bytes(*1),
             lambda: dict(*1), lambda: f(*g()), lambda: f(*'ab'), lambda: f(*(1, 2)), lambda: f(*[3], k=1),
             lambda: f(**1), lambda: 'a'.join(**1), lambda: ValueError(*1), lambda: sorted(*[[2, 1]])]:
    try:
        print(call())
    except TypeError as e:
        print(e)
