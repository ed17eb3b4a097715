"""bool is an int subclass."""
print(True + 1, True == 1, False == 0, isinstance(True, int), issubclass(bool, int))
print(sum([True, True, False]), [10, 20][True], {1: "a"}[True], True * "ab")
print(str(True), repr(False), int(False), float(True), -True, ~True)
print(bool(0), bool(-1), bool(0.0), bool(""), bool("0"), bool([]), bool([0]), bool(None), bool(0j))
print(True is bool(1), type(True).__name__, bool())
d = {True: "x", 1: "y", 1.0: "z"}
d
