"""nonlocal binds the nearest enclosing function scope."""
def a():
    v = 1
    def b():
        def c():
            nonlocal v
            v += 10
        c()
        return v
    return b(), v
print(a())
def counter_gen():
    n = 0
    def step():
        nonlocal n
        n += 1
        return n
    return [step() for _ in range(3)], n
counter_gen()
