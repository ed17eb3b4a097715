"""round of non-finite floats."""
print(round(float("inf"), 2), round(float("nan"), 1))
try:
    round(float("nan"))
except ValueError as e:
    print("ValueError", e)
round(float("inf"))
