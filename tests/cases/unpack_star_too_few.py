"""Starred unpacking that needs more values than available."""
*a, b, c = "xy"
print(a, b, c)
a, b, *c, d, e = range(3)
