"""Item assignment with negative indices and errors."""
l = [0, 1, 2, 3]
l[0] = "a"; l[-1] = "z"; l[True] = "one"
print(l)
try:
    l[4] = 1
except IndexError as e:
    print("IndexError:", e)
try:
    l["0"] = 1
except TypeError as e:
    print("TypeError:", e)
try:
    l[1.0]
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
