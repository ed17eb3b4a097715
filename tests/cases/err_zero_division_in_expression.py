"""ZeroDivisionError from a computed expression."""
values = [4, 2, 0]
print([100 // v for v in values[:2]])
[100 / v for v in values]
