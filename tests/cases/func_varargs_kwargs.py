"""*args collects extra positionals as a tuple, **kwargs extra keywords as a dict."""
def f(*args, **kwargs):
    return args, kwargs
print(f(), f(1, 2), f(a=1), f(1, b=2, c=3))
def g(a, b=2, *args, c, d=4, **kwargs):
    return a, b, args, c, d, kwargs
print(g(1, c=3), g(1, 2, 3, 4, c=5, e=6), g(c=0, a=9))
def h(first, *rest):
    print(type(rest).__name__, rest)
h(1)
h(1, 2, 3)
def count(**kw):
    return sorted(kw.items())
count(z=1, a=2, m=3)
