"""maketrans and translate."""
t = str.maketrans("abc", "xyz")
print("aabbcc".translate(t), "abcd".translate(str.maketrans("ab", "ba", "d")))
print("hello".translate({ord("l"): None, ord("h"): "J"}), "hi".translate({104: 72}))
print(sorted(str.maketrans({"a": "1", "b": None}).items()))
print(str.maketrans("ab", "cd") == {97: 99, 98: 100})
