"""ZeroDivisionError messages for int division."""
for op in ("div", "floordiv", "mod", "divmod"):
    try:
        if op == "div":
            1 / 0
        elif op == "floordiv":
            1 // 0
        elif op == "mod":
            1 % 0
        else:
            divmod(1, 0)
    except ZeroDivisionError as e:
        print(op, e)
try:
    1 // 0
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
