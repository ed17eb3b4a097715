"""% formatting of bytes."""
print(b"%s-%d" % (b"ab", 5), b"%x" % 255, b"%5s|" % b"x", b"%c" % 65, b"%r" % "x")
