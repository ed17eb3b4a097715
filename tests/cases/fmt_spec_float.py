"""Format spec mini-language for floats."""
x = 1234.5678
for spec in ["", "f", ".2f", ".0f", "10.2f", "<10.1f", "^12.3f", "+.1f", " .1f", "010.2f", ",.2f", "_.3f", "e", ".3e", "E", "g", ".3g", ".10g", "G", "%", ".1%", "#.0f", "#g", "=+12.2f", "*>12", ".2"]:
    print(repr(spec), repr(format(x, spec)), repr(format(-x, spec)))
for v in [0.0, -0.0, 1e-10, 1e20, 123456789.0, float("inf"), float("nan"), 0.5, 2.5, 1.25]:
    print(v, format(v, ".1f"), format(v, "g"), format(v, ".2e"), format(v, "10.3"), format(v, "+"))
