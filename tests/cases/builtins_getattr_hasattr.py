"""getattr/hasattr/setattr on builtin values."""
print(getattr("abc", "upper")(), getattr([], "nope", "fallback"), hasattr("x", "strip"), hasattr(1, "strip"))
print(getattr(3 + 4j, "imag"), getattr(5, "real"), hasattr([], "append"), getattr({}, "get")("k", "d"))
f = getattr(" x ", "strip")
print(f(), callable(f), getattr(ValueError("m"), "args"))
try:
    setattr(5, "x", 1)
except AttributeError as e:
    print("AttributeError:", e)
try:
    getattr([], "missing")
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
