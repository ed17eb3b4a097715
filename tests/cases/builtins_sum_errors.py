"""sum() of incompatible types."""
try:
    sum(["a", "b"])
except TypeError as e:
    print("TypeError:", e)
sum([1, None])
