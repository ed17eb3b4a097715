"""hash() of ints, floats and tuples of ints is deterministic and consistent with ==."""
print(hash(0), hash(1), hash(-1), hash(-2), hash(True), hash(False), hash(2 ** 61 - 1), hash(2 ** 61), hash(-(2 ** 61)))
print(hash(1.0) == hash(1), hash(0.5), hash(-0.0), hash(1.5) == hash(3 / 2), hash(10 ** 20), hash(1e20) == hash(10 ** 20))
print(hash(()) == hash(()), hash((1, 2)) == hash((1, 2)), hash((1, 2)) == hash((2, 1)), hash(1 + 0j) == hash(1))
print(hash(frozenset()) == hash(frozenset()), {hash(x) for x in [1, 1.0, True]})
