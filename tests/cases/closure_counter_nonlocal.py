"""nonlocal rebinding in nested functions."""
def make_counter():
    count = 0
    def inc(by=1):
        nonlocal count
        count += by
        return count
    def get():
        return count
    return inc, get
inc, get = make_counter()
inc(); inc(5)
inc2, get2 = make_counter()
inc2()
print(get(), get2())
def outer():
    x = "outer"
    def middle():
        x = "middle"
        def inner():
            nonlocal x
            x = "inner"
        inner()
        return x
    return middle(), x
outer()
