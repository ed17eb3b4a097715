"""** on a non-mapping."""
def f(**kw):
    return kw
print(f(**{"a": 1}))
f(**[("a", 1)])
