"""bytes() argument errors."""
for arg in [[256], [-1], "abc", 1.5]:
    try:
        print(bytes(arg))
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
try:
    bytes.fromhex("zz")
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
