"""Nested function scopes: enclosing, global and builtins lookup order."""
len = lambda x: "shadowed"
def f():
    return len([1, 2])
print(f())
del len
print(f())
def outer():
    abs = lambda x: "enclosing"
    def inner():
        return abs(-1)
    return inner()
print(outer(), abs(-1))
def g():
    min = 5
    return min
g(), min(3, 4)
