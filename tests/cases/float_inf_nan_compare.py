"""Comparisons involving inf and nan."""
inf = float("inf")
nan = float("nan")
print(nan == nan, nan != nan, nan < 1, nan > 1, nan <= nan, nan >= 0)
print(inf == inf, inf > 10 ** 400, -inf < -(10 ** 400), inf == float("inf"))
print(max(1, inf), min(-inf, 0), 1e308 < inf, 10 ** 400 > 1e308)
l = [nan]
print(nan in l, l == l, [nan] == [nan], l.count(nan))
print(sorted([3, inf, -inf, 0]))
nan is nan
