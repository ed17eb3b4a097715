"""Iterating over non-ASCII strings yields code points."""
s = "naïve café 😀"
print(len(s), list(s)[-1], [ord(c) for c in "é😀"], s.upper(), s[::-1])
print(s.encode("utf-8")[:8], len(s.encode()), "ß".upper(), "İ".lower() == "i̇")
