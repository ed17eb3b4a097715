"""Invalid specs for strings and floats."""
for value, spec in [("abc", "+"), ("abc", "="), (1.5, "d"), (3, "s"), (1.5, "x"), ("a", ","), (1, ".2d")]:
    try:
        print(format(value, spec))
    except ValueError as e:
        print(repr(value), repr(spec), "ValueError:", e)
try:
    format(1.5, "c")
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
