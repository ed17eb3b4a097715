"""int() with a base and the literal prefixes."""
print(int("ff", 16), int("FF", 16), int("0xff", 16), int("0xff", 0), int("0o17", 0), int("0b101", 0))
print(int("z", 36), int("10", 2), int("777", 8), int("-1010", 2), int("1_0", 2), int("  11  ", 3))
print(int("0", 0), int("10", 0), int("0b_1", 0))
for s, b in [("2", 2), ("g", 16), ("010", 0), ("12", 1), ("12", 37)]:
    try:
        print(int(s, b))
    except ValueError as e:
        print("ValueError:", e)
try:
    int(12, 10)
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
