"""The same keyword twice through ** unpacking."""
def f(**kw):
    return kw
print(f(**{"a": 1}, b=2))
f(a=1, **{"a": 2})
