"""type() of values and comparisons of types."""
values = [1, 1.0, 1j, "s", b"b", [], (), {}, set(), frozenset(), range(1), None, True, slice(1), len, iter([]), (x for x in ""), {}.keys(), {}.values(), {}.items(), reversed([]), enumerate([]), zip(), map(abs, [])]
print([type(v).__name__ for v in values])
print(type(1) is int, type(True) is bool, type(1) == type(2), type([]) is list, type(type(1)) is type)
type(None)()
