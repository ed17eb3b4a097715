"""Format spec mini-language for ints."""
n = 1234567
for spec in ["", "d", "10", "<10", ">10", "^10", "*^11", "+", "-", " ", "010", "+010", "_", ",", "010,", "x", "X", "#x", "#X", "o", "#o", "b", "#b", "#010b", "_b", "_x", "e", ".2e", "%", "g", ".3", "=+12"]:
    try:
        print(repr(spec), repr(format(n, spec)), repr(format(-n, spec)))
    except ValueError as e:
        print(repr(spec), "ValueError:", e)
format(65, "c"), format(0, "#x"), format(-0, "+d"), format(True, "d"), format(True, "")
