"""Dict union | and |= and {**a, **b}."""
a = {"x": 1, "y": 2}
b = {"y": 20, "z": 30}
print(a | b, b | a, {**a, **b}, {**b, "x": 0, **a})
a |= b
print(a)
a |= [("w", 0)]
print(a)
try:
    a | [("q", 1)]
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
