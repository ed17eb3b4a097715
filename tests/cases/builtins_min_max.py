"""min/max with iterables, several args, key= and default=."""
print(max([3, 1, 4]), min([3, 1, 4]), max(3, 1, 4), min("b", "a", "c"), max("hello"), min((2, 1), (1, 5)))
print(max(["aa", "b", "cc"], key=len), min(["aa", "b", "cc"], key=len), max([-5, 3], key=abs), min({3: "x", 1: "y"}))
print(max([], default="empty"), min([], default=None), max([1], default=0), max(iter([7, 2])), min(range(5, 0, -1)))
print(max([1, 1.0]), max([1.0, 1]), max([[1, 2], [1, 3]]), max("b", "ab", key=len), min([True, 0]))
max(x for x in [2, 9, 4])
