"""Calls of a global with one local argument (alone or with a constant operand): order and errors."""
def show(value):
    return "<" + str(value) + ">"
def calls(x, s):
    out = [show(x), show(x - 1), show(x * 3), show(s + "!"), len(s), str(x % 4), abs(x - 10)]
    try:
        show(s - 1)
    except TypeError as error:
        out.append(str(error))
    try:
        missing(undefined_local)
        undefined_local = 1
    except NameError as error:
        out.append(type(error).__name__ + ": " + str(error))
    try:
        show(later)
        later = 1
    except NameError as error:
        out.append(type(error).__name__ + ": " + str(error))
    try:
        len(x)
    except TypeError as error:
        out.append(str(error))
    try:
        show(x, 2 - 1)
    except TypeError as error:
        out.append(str(error))
    return out
def rebinding(n):
    global show
    first = show(n)
    show = lambda value: value * 100
    return first, show(n), show(n + 1)
print(calls(7, "ab"))
print(rebinding(2))
def countdown(n):
    if n <= 0:
        return [n]
    return countdown(n - 2) + [n]
countdown(9)
