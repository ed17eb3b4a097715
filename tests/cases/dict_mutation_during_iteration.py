"""Changing a dict's size while iterating raises RuntimeError."""
d = {1: 1, 2: 2, 3: 3}
for k in d:
    d[k] = k * 10
print(d)
try:
    for k in d:
        del d[k]
except RuntimeError as e:
    print("RuntimeError:", e)
print(d)
for k in list(d):
    del d[k]
print(d)
d = {"a": 1}
try:
    for k in d:
        d["b"] = 2
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
