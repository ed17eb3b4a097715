"""strip/lstrip/rstrip with and without chars; removeprefix/suffix."""
s = "  xxhixx  "
print(repr(s.strip()), repr(s.lstrip()), repr(s.rstrip()), repr(s.strip(" x")))
print("www.example.com".strip("cmowz."), "abcba".strip("ab"), "\t\n x \r".strip())
print("prefix_body".removeprefix("prefix_"), "body.txt".removesuffix(".txt"), "abc".removeprefix("x"))
print(repr("".strip()), repr("   ".strip()), "aaa".lstrip("a") == "")
