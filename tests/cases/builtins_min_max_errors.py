"""min/max error messages."""
for f in (lambda: max(), lambda: max([]), lambda: min(1), lambda: max(1, 2, default=0), lambda: min([1, "a"])):
    try:
        f()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
min([])
