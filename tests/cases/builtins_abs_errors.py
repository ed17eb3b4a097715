"""abs() of a non-number."""
print(abs(-3), abs(-2.5), abs(-1 - 1j))
try:
    abs(None)
except TypeError as e:
    print("TypeError:", e)
abs("x")
