"""A generator suspended in an except block keeps its own handled exception; its caller's is restored."""


def handler():
    try:
        raise ValueError("inner")
    except ValueError:
        yield 1
        raise


def plain():
    yield 1
    raise KeyError("from plain")


suspended = handler()
next(suspended)
try:
    raise KeyError("outer")
except KeyError:
    try:
        next(suspended)
    except ValueError as error:
        print("re-raised", repr(error), repr(error.__context__))
try:
    raise TypeError("after")
except TypeError as error:
    print("no leftover context:", repr(error.__context__))

resumed = plain()
next(resumed)
try:
    raise IndexError("caller")
except IndexError:
    try:
        next(resumed)
    except KeyError as error:
        print("chained to the caller's:", repr(error.__context__))
