"""Mixing a huge int into float arithmetic overflows."""
big = 10 ** 400
try:
    big * 1.0
except OverflowError as e:
    print("OverflowError:", e)
print(big // 3 > 0)
big / 3
