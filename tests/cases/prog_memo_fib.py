"""Memoisation with a dict closure and a decorator."""
caches = []
def memoize(f):
    cache = {}
    caches.append(cache)
    def wrapper(n):
        if n not in cache:
            cache[n] = f(n)
        return cache[n]
    return wrapper
@memoize
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(90), len(caches[0]))
calls = 0
def slow_square(n):
    global calls
    calls += 1
    return n * n
fast = memoize(slow_square)
print([fast(i % 3) for i in range(9)], calls)
fib(200)
