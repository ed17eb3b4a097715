"""Builtins called with the wrong number of arguments."""
try:
    len()
except TypeError as e:
    print("TypeError:", e)
try:
    len([1], [2])
except TypeError as e:
    print("TypeError:", e)
try:
    isinstance(1)
except TypeError as e:
    print("TypeError:", e)
try:
    "abc".split(",", 1, 2)
except TypeError as e:
    print("TypeError:", e)
[].append()
