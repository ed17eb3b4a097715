"""issubclass with a non-class first argument."""
print(issubclass(str, object))
issubclass(1, int)
