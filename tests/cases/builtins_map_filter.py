"""map with several iterables, filter with None and a function."""
print(list(map(str, [1, 2])), list(map(lambda a, b: a * b, [1, 2, 3], [4, 5])), list(map(int, "123")))
print(list(filter(None, [0, 1, "", "a", None, [], [0]])), list(filter(lambda x: x % 2, range(10))))
print(list(filter(str.isdigit, "a1b2c3")), list(map(pow, [2, 3], [3, 2])), list(map(len, ["ab", ""])))
m = map(abs, [-1, -2])
print(next(m), list(m), list(m))
try:
    list(map(abs, ["x"]))
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
