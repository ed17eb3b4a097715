"""Return from except and else with finally."""
def f(x):
    try:
        if x:
            raise ValueError
    except ValueError:
        return "except"
    else:
        return "else"
    finally:
        print("finally", x)
print(f(0))
print(f(1))
def counter():
    n = 0
    for i in range(3):
        try:
            n += 1
        finally:
            n += 10
    return n
counter()
