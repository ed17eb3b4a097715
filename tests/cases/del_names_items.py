"""del of names, items, slices and multiple targets."""
x = 1
y = [1, 2, 3, 4, 5]
z = {"a": 1, "b": 2}
del x
del y[0], z["a"]
print(y, z)
del y[1:3]
print(y)
a = b = 5
del a, b
try:
    print(a)
except NameError as e:
    print("NameError:", e)
def f():
    v = 1
    del v
    return v
try:
    f()
except UnboundLocalError as e:
    print("UnboundLocalError:", e)
del z["b"]
print(z)
try:
    del z["nope"]
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
