"""splitlines with the various line boundaries and keepends."""
s = "one\ntwo\r\nthree\rfour\n\nfive"
print(s.splitlines())
print(s.splitlines(True))
print("".splitlines(), "x\n".splitlines(), "\n".splitlines(), "a\x0bb\x0cc\x1cd".splitlines())
print("line\n".splitlines(keepends=True))
