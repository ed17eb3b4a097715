"""repr of strings picks quotes and escapes."""
print(repr("it's"), repr('say "hi"'), repr("both ' and \""), repr("tab\there"), repr("nl\n"))
print(repr("\x00\x7f\x80\xff"), repr("é€"), repr("\u200b"), repr("\\"), repr("\r"))
print(ascii("é€😀"), ascii("plain"), repr("😀"), len("😀"))
print(str(b"bytes"), str(None), str([1, "a"]), repr(["it's"]))
