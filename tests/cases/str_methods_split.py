"""str.split / rsplit with and without separators and maxsplit."""
s = "  a b\tc\n d  "
print(s.split(), s.split(" "), s.split(None, 1), s.rsplit(None, 1))
print("a,b,,c,".split(","), "a,b,,c,".split(",", 2), "a,b,,c,".rsplit(",", 2))
print("".split(), "".split(","), "abc".split("abc"), "aaa".split("a"))
print("k=v=w".split("=", maxsplit=1), "k=v=w".rsplit(sep="=", maxsplit=1))
print("1  2   3".split(" "), "x".split("x", 0))
"a--b--c".split("--")
