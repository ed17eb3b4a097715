"""Errors of % formatting."""
cases = [("%d %d", (1,)), ("%d", (1, 2)), ("%d", "x"), ("%(a)s", (1,)), ("%q", (1,)), ("%s %s", {"a": 1})]
for fmt, args in cases:
    try:
        print(fmt % args)
    except (TypeError, ValueError, KeyError) as e:
        print(repr(fmt), type(e).__name__, e)
try:
    "%(missing)s" % {"present": 1}
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
