"""Negative index out of range on a tuple."""
t = (1, 2)
t[-3]
