"""The 'as' name is deleted at the end of the except block."""
e = "before"
try:
    1 / 0
except ZeroDivisionError as e:
    print("caught", e)
def probe():
    try:
        e
    except NameError as err:
        return str(err)
print(probe())
try:
    e
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
