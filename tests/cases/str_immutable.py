"""Strings do not support item assignment."""
s = "abc"
try:
    s[0] = "x"
except TypeError as e:
    print("TypeError:", e)
del s[0]
