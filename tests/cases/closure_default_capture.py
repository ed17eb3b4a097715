"""Capturing the current value with a default argument or a factory."""
def factory(v):
    return lambda: v
fs = [factory(i) for i in range(3)]
print([f() for f in fs])
adders = []
for step in (1, 10, 100):
    adders.append(lambda x, step=step: x + step)
print([a(1) for a in adders])
def make_multipliers():
    return [(lambda m: lambda x: x * m)(m) for m in range(4)]
[f(2) for f in make_multipliers()]
