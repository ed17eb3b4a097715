"""NameError raised inside a called function."""
def f():
    return helper() + 1
print("calling")
f()
