"""Recursive functions: factorial, fibonacci, mutual recursion, ackermann."""
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
def is_even(n):
    return True if n == 0 else is_odd(n - 1)
def is_odd(n):
    return False if n == 0 else is_even(n - 1)
def ack(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ack(m - 1, 1)
    return ack(m - 1, ack(m, n - 1))
print(fact(25), [fib(i) for i in range(15)], is_even(40), is_odd(7), ack(2, 3))
def flatten(x):
    if isinstance(x, list):
        return [y for item in x for y in flatten(item)]
    return [x]
flatten([1, [2, [3, [4, []]], 5]])
