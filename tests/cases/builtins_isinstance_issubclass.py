"""isinstance/issubclass with single types and tuples."""
print(isinstance(1, int), isinstance(True, int), isinstance(1, (str, float)), isinstance(1.0, (str, float)))
print(isinstance("s", str), isinstance(None, type(None)), isinstance([], (list, tuple)), isinstance((), list))
print(isinstance(1, (str, (bytes, int))), isinstance(ValueError(), Exception), isinstance(KeyError(), (LookupError,)))
print(issubclass(bool, int), issubclass(int, bool), issubclass(KeyError, (ValueError, LookupError)), issubclass(int, int))
print(isinstance(int, type), isinstance(len, type), issubclass(IndexError, Exception), isinstance({}.keys(), dict))
try:
    isinstance(1, "int")
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
