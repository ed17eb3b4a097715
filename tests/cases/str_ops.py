"""Concatenation, repetition, comparison, membership, iteration."""
print("ab" + "cd", "ab" * 3, 3 * "x", "ab" * 0, "ab" * -2, repr("" * 100))
print("abc" < "abd", "abc" < "ab", "B" < "a", "" < "a", "abc" == "abc", "a" != "A")
print(max("hello"), min("hello"), sorted("hello"), list("abc"), len("héllo"))
print("ell" in "hello", [c for c in "hi!"], ord("a"), chr(97), chr(0x20AC), ord("€"))
try:
    "ab" + 1
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
