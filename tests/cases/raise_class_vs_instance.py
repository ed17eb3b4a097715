"""Raising a class instantiates it; args and str of exceptions."""
for exc in [ValueError, ValueError(), ValueError("one"), ValueError("a", 2), KeyError("k"), KeyError(), IndexError(3)]:
    try:
        raise exc
    except Exception as e:
        print(type(e).__name__, repr(str(e)), e.args, repr(e))
try:
    raise 5
except TypeError as e:
    print("TypeError:", e)
try:
    raise NotImplementedError
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
