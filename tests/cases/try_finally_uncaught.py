"""finally runs before an uncaught exception leaves the program."""
def f():
    try:
        print("in try")
        raise RuntimeError("boom")
    finally:
        print("in finally")
try:
    pass
finally:
    print("top-level finally")
f()
print("never printed")
