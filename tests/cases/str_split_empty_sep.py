"""split with an empty separator fails."""
print("a b".split(" "))
try:
    "abc".split("")
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
