"""Exception objects are values: args, str, repr, comparison by identity."""
e = ValueError("msg", 42)
print(e.args, str(e), repr(e), type(e).__name__, isinstance(e, Exception), e.__class__.__name__)
errors = [KeyError("k"), ZeroDivisionError("z")]
for err in errors:
    try:
        raise err
    except Exception as caught:
        print(caught is err, caught.args)
print(repr(StopIteration(5)), StopIteration(5).value, repr(Exception()), str(Exception()), str(KeyError("a b")))
print(repr(UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")), str(OSError(2, "No such file")))
e.args
