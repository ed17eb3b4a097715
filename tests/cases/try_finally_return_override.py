"""A return in finally overrides the try's return and swallows exceptions."""
def f():
    try:
        return "try"
    finally:
        return "finally"
def g():
    try:
        raise ValueError("lost")
    finally:
        return "swallowed"
def h():
    x = 1
    try:
        return x
    finally:
        x = 2
        print("finally sees", x)
def k():
    for i in range(3):
        try:
            return i
        finally:
            if i < 2:
                continue
    return "end"
print(f(), g(), h(), k())
