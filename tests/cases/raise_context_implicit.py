"""An exception raised while handling another gets __context__."""
try:
    try:
        raise KeyError("first")
    except KeyError:
        raise IndexError("second")
except IndexError as e:
    print(repr(e), repr(e.__context__), e.__cause__)
try:
    try:
        raise KeyError("a")
    except KeyError:
        try:
            raise ValueError("b")
        except ValueError:
            raise TypeError("c")
except TypeError as e:
    print(repr(e), repr(e.__context__), repr(e.__context__.__context__))
try:
    raise ValueError("no context")
except ValueError as e:
    print(e.__context__, e.__cause__)
