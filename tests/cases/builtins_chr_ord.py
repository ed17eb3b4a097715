"""chr and ord, their ranges and errors."""
print(chr(65), chr(0x1F600), ord("A"), ord("😀"), ord(b"a"), chr(0), repr(chr(10)), ord("\n"))
for f in (lambda: chr(-1), lambda: chr(0x110000), lambda: ord("ab"), lambda: ord(""), lambda: chr("a")):
    try:
        f()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
try:
    ord(5)
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
