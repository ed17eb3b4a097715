"""str() of various values and str(bytes, encoding)."""
print(str(1), str(1.5), str(-0.0), str(1 + 2j), str(True), str(None), str((1,)), str([]), str({}))
print(str(b"ab", "ascii"), str(b"\xc3\xa9", encoding="utf-8"), str(), repr(str()))
print(str([1.0, "x", None, (2,)]), str({1: "a"}), str({1, 2}), str(frozenset()), str(set()), str(range(3)))
