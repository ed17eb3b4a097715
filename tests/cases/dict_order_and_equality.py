"""Insertion order, reinsertion, and order-insensitive equality."""
d = {}
d["z"] = 1; d["a"] = 2; d["m"] = 3
print(d, list(d))
d["z"] = 10
print(d)
del d["z"]; d["z"] = 0
print(d)
print({"a": 1, "b": 2} == {"b": 2, "a": 1}, {1: 1} == {1.0: 1}, {1: 2} != {1: 3})
print(dict(a=1, b=2), dict([("x", 1), ("y", 2)]), dict({"k": 1}, k2=2), dict(zip("ab", range(2))))
print({1: "a", True: "b", 1.0: "c"}, len({0: 0, False: 1, 0.0: 2}))
