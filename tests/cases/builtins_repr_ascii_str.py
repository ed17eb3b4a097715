"""repr/ascii/str of nested structures."""
data = {"key": ["é", 1.5, None, (True,), {"nested": b"\x00"}], 2: {3}}
print(repr(data))
print(ascii(data))
print(str(data) == repr(data), repr("a'b"), repr(""), repr([""]), repr(()), repr((1,)), repr(set()), repr(frozenset({1})))
print(repr(range(1, 5, 2)), repr(slice(1, 2)), repr(1e300 * 10), repr(-1.0), repr(2 ** 100))
repr([1, "two", 3.0])
