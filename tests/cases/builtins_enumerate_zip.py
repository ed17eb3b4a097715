"""enumerate with start= and zip with strict=."""
print(list(enumerate("abc")), list(enumerate("abc", start=1)), list(enumerate([], 5)), list(enumerate("ab", -2)))
print(list(zip([1, 2, 3], "ab")), list(zip()), list(zip([1])), list(zip("ab", "cd", "ef")))
print(list(zip([1, 2], "ab", strict=True)), dict(zip("xyz", range(3))))
e = enumerate("xy")
print(next(e), next(e), next(e, "end"))
pairs = [(1, "a"), (2, "b")]
nums, letters = zip(*pairs)
print(nums, letters)
try:
    list(zip([1, 2, 3], "ab", strict=True))
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
