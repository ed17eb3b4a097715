"""next() on an exhausted iterator at top level."""
it = iter([1])
print(next(it))
next(it)
