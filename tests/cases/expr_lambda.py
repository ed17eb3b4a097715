"""Lambdas: defaults, closures, immediate calls, sorting keys."""
add = lambda a, b=10: a + b
print(add(1), add(1, 2), (lambda: "called")(), (lambda *a, **k: (a, k))(1, x=2))
fs = [lambda x, i=i: x * i for i in range(3)]
print([f(10) for f in fs])
print(sorted(["bb", "a", "ccc"], key=lambda s: -len(s)), add.__name__)
compose = lambda f, g: lambda x: f(g(x))
inc_then_double = compose(lambda x: x * 2, lambda x: x + 1)
inc_then_double(5)
