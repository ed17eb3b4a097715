"""sum() with start=, floats, and its string restriction."""
print(sum([1, 2, 3]), sum([1, 2, 3], 10), sum([1, 2], start=100), sum([]), sum([0.5, 0.25]), sum(range(101)))
print(sum([[1], [2, 3]], []), sum([(1,), (2,)], ()), sum([1.5, 2]), sum([True, True]), sum(x for x in range(4)))
print(sum([2 ** 64, 2 ** 64]), sum([1j, 2]))
try:
    sum(["a", "b"], "")
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
