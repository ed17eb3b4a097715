"""Infinite generators consumed partially."""
def naturals():
    n = 0
    while True:
        yield n
        n += 1
def take(n, it):
    return [x for _, x in zip(range(n), it)]
print(take(5, naturals()))
def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
f = fib()
print(take(10, f), take(3, f))
evens = (n for n in naturals() if n % 2 == 0)
print(next(evens), next(evens), next(evens))
squares = map(lambda x: x * x, naturals())
[next(squares) for _ in range(4)]
