"""str.join over various iterables and its type error."""
print(", ".join(["a", "b", "c"]), "".join(("x", "y")), "-".join("abc"), "|".join([]))
print(" ".join(str(i) for i in range(5)), "\n".join(["a", "b"]).count("\n"))
print("+".join({"k1": 1, "k2": 2}), "".join(reversed("hello")))
try:
    "-".join(["a", 1])
except TypeError as e:
    print("TypeError:", e)
try:
    ", ".join([1, 2])
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
