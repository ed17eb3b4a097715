"""A name assigned only in an untaken branch."""
def f(flag):
    if flag:
        value = 1
    return value
print(f(True))
f(False)
