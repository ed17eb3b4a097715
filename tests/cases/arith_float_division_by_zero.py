"""ZeroDivisionError messages for floats."""
for a, b in [(1.0, 0.0), (1, 0.0), (1.0, 0), (0.0, -0.0)]:
    try:
        print(a / b)
    except ZeroDivisionError as e:
        print("div", e)
    try:
        print(a // b)
    except ZeroDivisionError as e:
        print("floordiv", e)
    try:
        print(a % b)
    except ZeroDivisionError as e:
        print("mod", e)
try:
    1.5 % 0.0
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
