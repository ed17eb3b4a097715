"""Negative shift counts are a ValueError."""
try:
    print(1 >> -2)
except ValueError as e:
    print("ValueError:", e)
8 >> 1, 8 << 0, 0 << 1000
