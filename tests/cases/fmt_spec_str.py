"""Format spec mini-language for strings."""
s = "hello"
for spec in ["", "s", "10", "<10", ">10", "^10", "-^11", "*<3", ".2", "10.3", "^9.1", "x>8s"]:
    print(repr(spec), repr(format(s, spec)))
print(repr(format("", "5")), repr(format("é", "^5")), f"{'ab':_^6}", f"{'ab'!r:>8}")
try:
    format("abc", "d")
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
