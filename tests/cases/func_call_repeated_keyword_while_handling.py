"""f(**a, **b) with a repeated key: TypeError, but CPython 3.11's KeyError inside a handler."""
def f(**k):
    return k


for call in [lambda: f(**{'s': 1}, **{'s': 2}), lambda: f(s=1, **{'s': 2})]:
    try:
        call()
    except (TypeError, KeyError) as e:
        print(type(e).__name__, e)
    try:
        1 / 0
    except ZeroDivisionError:
        try:
            call()
        except (TypeError, KeyError) as e:
            print(type(e).__name__, e, type(e.__context__).__name__)
    try:
        try:
            [][0]
        finally:
            call()
    except (TypeError, KeyError) as e:
        print(type(e).__name__, e, type(e.__context__).__name__)
