"""raise ... from sets __cause__; from None suppresses context."""
try:
    try:
        {}["k"]
    except KeyError as e:
        raise ValueError("bad key") from e
except ValueError as err:
    print(repr(err), repr(err.__cause__), repr(err.__context__), err.__cause__ is err.__context__)
try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise ValueError("hidden") from None
except ValueError as err:
    print(repr(err), err.__cause__, repr(err.__context__))
try:
    raise ValueError("x") from IndexError("explicit")
except ValueError as err:
    print(repr(err.__cause__), err.__context__)
try:
    raise KeyError("final") from TypeError("cause")
except Exception as exc:
    print(type(exc).__name__ + ":", exc, repr(exc.__cause__))
