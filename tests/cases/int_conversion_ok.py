"""int() accepts whitespace, signs, underscores and floats."""
print(int(" 42 "), int("-7"), int("+7"), int("1_000_000"), int("0"), int("-0"), int("007"))
print(int(3.99), int(-3.99), int(True), int(), int(1e3), int("  -12\n"))
print(int(10 ** 20 + 0.5 // 1))
