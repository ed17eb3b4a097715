"""startswith/endswith with tuples and ranges."""
s = "filename.tar.gz"
print(s.startswith("file"), s.startswith(("x", "fil")), s.endswith(".gz"), s.endswith((".zip", ".tar")))
print(s.startswith("name", 4), s.startswith("name", 4, 6), s.endswith("tar", 0, -3), s.startswith(""))
print("".startswith(""), "".endswith("a"), s.endswith(("gz",), -2))
try:
    s.startswith(["file"])
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
