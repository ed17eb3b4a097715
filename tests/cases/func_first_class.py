"""Functions as values: stored, passed, returned, compared."""
def add(a, b): return a + b
def sub(a, b): return a - b
ops = {"+": add, "-": sub, "*": lambda a, b: a * b}
print([ops[o](6, 3) for o in "+-*"])
def apply_twice(f, x):
    return f(f(x))
print(apply_twice(lambda x: x * x, 3), apply_twice(str.upper, "a"), add == add, add is not sub)
funcs = [abs, str, len]
print([f(-3) if f is not len else f("abc") for f in funcs])
print(list(map(add, [1, 2], [10, 20])), sorted([sub, add], key=lambda f: f.__name__)[0].__name__)
