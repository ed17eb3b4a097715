"""Building pipelines out of map/filter/zip/enumerate/reversed."""
data = [5, 3, 8, 1, 9, 2]
pipeline = map(lambda p: p[0] * p[1], enumerate(filter(lambda v: v > 2, data)))
print(list(pipeline))
print(list(zip(reversed(data), sorted(data), range(100))))
print(sum(1 for _ in filter(None, [0, 1, 2, None, 3])), list(map(lambda *a: sum(a), [1, 2], [3, 4], [5, 6])))
pairs = list(zip(*[iter("abcdef")] * 2))
pairs
