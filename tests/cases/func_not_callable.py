"""Calling a non-callable."""
x = 5
try:
    x()
except TypeError as e:
    print("TypeError:", e)
try:
    s = "abc"
    s(1)
except TypeError as e:
    print("TypeError:", e)
l = [1, 2]
l()
