"""inf and nan arithmetic and repr."""
inf = float("inf")
nan = float("nan")
print(inf, -inf, nan, float("-inf"), float("Infinity"), float("  nan "), float("-NaN"))
print(inf + 1, inf - inf, inf * 0, inf * -1, 1 / inf, -1 / inf, inf / inf)
print(nan + 1, nan * 0, 1e308 * 10, -1e308 * 10)
print(repr(inf), str(nan), [inf, nan])
[inf, -inf]
