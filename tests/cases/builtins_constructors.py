"""Builtin type constructors with no arguments and with conversions."""
print(int(), float(), complex(), str(), bytes(), list(), tuple(), dict(), set(), frozenset(), bool())
print(tuple([1, 2]), list((1, 2)), set("aab") == {"a", "b"}, frozenset([1, 1]), dict(a=1), str(12), bytes(2))
print(int("12") + float("1.5"), complex("1j") * 2, bool("False"), list(range(3)), tuple(x * 2 for x in (1, 2)))
print(type(int)("5"), type("")(3.5), type([])("ab"))
