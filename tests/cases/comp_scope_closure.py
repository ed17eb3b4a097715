"""Lambdas created in a comprehension all see the final value."""
fs = [lambda: i for i in range(3)]
print([f() for f in fs])
gs = [(lambda i: lambda: i)(i) for i in range(3)]
print([g() for g in gs])
x = 10
print([x for _ in range(2)], [(lambda: x)() for x in range(2)])
[[i + j for j in range(i)] for i in range(3)]
