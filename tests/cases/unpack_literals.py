"""Unpacking inside list, tuple, set and dict displays."""
a = [1, 2]
b = (3,)
print([*a, *b], (*a, *b), [*a, 0, *"xy", *range(2)], (*a,), *a)
print({*a, *b, 1}, {**{"x": 1}, "y": 2, **{"x": 3}})
d1 = {1: "a"}
d2 = {2: "b"}
print({**d1, **d2}, {**d2, **d1}, {0: "z", **d1})
print([*[], *[]], [*{"k": 1}], [*{1: 2}.items()])
try:
    [*5]
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
