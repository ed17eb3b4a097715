"""An exception raised in finally replaces the original; context is kept."""
def f():
    try:
        raise ValueError("original")
    finally:
        raise KeyError("from finally")
try:
    f()
except KeyError as e:
    print(repr(e), repr(e.__context__))
def g():
    try:
        return 1
    finally:
        1 / 0
try:
    g()
except ZeroDivisionError as e:
    print(repr(e), e.__context__)
f()
