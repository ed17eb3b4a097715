"""Conversions between bool/int/float in builtin contexts."""
print(int(True) + int(False), float(False), bool(0.0), bool(-0.0), bool(1e-300), str(True) + str(0))
print(sum([True] * 5), max(True, 2), min(False, -1), abs(-True), round(True), divmod(True, True))
print(True.real, True.numerator, (True).bit_length(), True << 2, False ** 0, True / 2)
print(f"{True:d} {True:>5} {False!r} {True + 0.5}")
