"""round() uses banker's rounding for ints and exact halves of floats."""
print([round(x) for x in (0.5, 1.5, 2.5, 3.5, -0.5, -1.5, -2.5)])
print(round(2.675, 2), round(0.125, 2), round(0.375, 2), round(1.005, 2))
print(round(25, -1), round(35, -1), round(15, -1), round(-25, -1), round(1234, -2))
print(round(7), round(7.0), type(round(7.5)).__name__, type(round(7.5, 0)).__name__)
print(round(123.456, -1), round(123.456, 1), round(-0.45, 1), round(5.5), round(6.5))
round(2.5) + round(3.5)
