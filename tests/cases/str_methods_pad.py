"""center/ljust/rjust/zfill/expandtabs."""
print(repr("ab".center(7)), repr("ab".center(7, "*")), repr("abc".center(6, "-")), repr("abc".center(2)))
print(repr("ab".ljust(5, ".")), repr("ab".rjust(5, ".")), repr("abcdef".ljust(3)))
print("42".zfill(5), "-42".zfill(5), "+42".zfill(5), "abc".zfill(6), "".zfill(3), "-".zfill(3))
print(repr("a\tb\tc".expandtabs()), repr("a\tbc\td".expandtabs(4)), repr("\t".expandtabs(0)))
try:
    "x".center(5, "ab")
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
