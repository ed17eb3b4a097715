"""callable() on many values; types are callable."""
def f(): pass
print([callable(x) for x in [f, lambda: 0, len, str.upper, "".join, int, ValueError, 1, "x", None, [], print]])
print(callable(type(1)), callable(iter([])), callable(map), callable(zip([], [])))
