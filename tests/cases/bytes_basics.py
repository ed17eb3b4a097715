"""bytes literals, indexing (ints), slicing, repr."""
b = b"hello\x00\xff"
print(b, len(b), b[0], b[-1], b[1:3], b[::-1], list(b[:3]), b"" == bytes())
print(bytes(3), bytes([65, 66, 67]), bytes(range(5)), bytes("é", "utf-8"), bytes(b"x"))
print(b"ab" + b"cd", b"ab" * 2, b"a" < b"b", b"ab" in b"cabd", 104 in b"hi", repr(b"'\""), repr(b"it's"))
print(b"\t\n\r\x7f", [x for x in b"AZ"])
try:
    b[0] = 1
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
