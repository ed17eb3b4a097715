"""Nested try blocks and re-raising."""
def inner():
    try:
        raise ValueError("inner")
    except ValueError:
        print("inner handler")
        raise
def outer():
    try:
        inner()
    except ValueError as e:
        print("outer handler", e)
        raise TypeError("converted") from e
try:
    outer()
except TypeError as e:
    print(repr(e), repr(e.__cause__), repr(e.__context__))
try:
    outer()
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
