"""del on list items and slices."""
l = list(range(10))
del l[0]; print(l)
del l[-1]; print(l)
del l[2:4]; print(l)
del l[::2]; print(l)
del l[:]; print(l)
m = list(range(8))
del m[::-3]; print(m)
del m[10:20]; print(m)
try:
    del m[5]
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
