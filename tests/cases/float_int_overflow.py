"""Converting inf/nan to int, float overflow from int."""
try:
    int(float("inf"))
except OverflowError as e:
    print("OverflowError:", e)
try:
    float(10 ** 400)
except OverflowError as e:
    print("OverflowError:", e)
try:
    int(float("nan"))
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
