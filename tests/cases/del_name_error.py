"""Deleting an unbound name."""
x = 1
del x
del x
