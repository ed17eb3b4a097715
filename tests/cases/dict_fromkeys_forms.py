"""dict.fromkeys through the type and through an instance, with and without a value."""
print(dict.fromkeys([1, 2]), {}.fromkeys([1, 2]), {5: 1}.fromkeys("ab", 0))
print(dict.fromkeys({"a": 1}), dict.fromkeys(range(3), []))
print(int.mro(), type.mro(bool), str.mro())
{9: 9}.fromkeys()
