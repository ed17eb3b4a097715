"""`return a + b` of every kind of operand, and its error, from inside functions."""
def total(a, b):
    return a + b
def pair(items):
    return items[0] + items[-1]
print(total(1, 2), total(1.5, 2), total(True, 1), total("a", "b"), total([1], [2]), total((1,), (2,)))
print(pair([10, 20, 30]), pair(["x", "y"]), total(10**30, 1))
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)
print([fib(i) for i in range(12)])
total("a", 1)
