"""Methods that take no keyword arguments."""
try:
    [].append(x=1)
except TypeError as e:
    print("TypeError:", e)
"a,b".split(sepp=",")
