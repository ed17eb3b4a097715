"""Tuples do not support item assignment."""
t = (1, [2])
t[1].append(3)
print(t)
t[0] = 5
