"""Error messages of list methods."""
l = [1, 2, 3]
for f in (lambda: l.remove(9), lambda: l.index(9), lambda: [].pop(), lambda: l.pop(10), lambda: l.index(1, 1)):
    try:
        f()
    except (ValueError, IndexError) as e:
        print(type(e).__name__, e)
try:
    l[3]
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
