"""A bare raise re-raises the exception being handled."""
def f():
    try:
        int("x")
    except ValueError as e:
        print("handling", e)
        raise
try:
    f()
except ValueError as e:
    print("outer got", e)
try:
    raise
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    f()
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
