"""str.replace with counts and empty patterns."""
s = "a-b-c-d"
print(s.replace("-", "+"), s.replace("-", "", 2), s.replace("x", "y"), s.replace("-", "--", -1))
print("abc".replace("", "."), "aaa".replace("a", "b", 0), "aaaa".replace("aa", "a"))
print("".replace("", "x"), "abc".replace("", "-", 2))
