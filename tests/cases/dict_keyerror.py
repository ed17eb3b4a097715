"""Missing keys raise KeyError with the repr of the key."""
d = {"a": 1}
for k in ["b", 1, (1, 2), None]:
    try:
        d[k]
    except KeyError as e:
        print("KeyError:", e, repr(e), e.args)
try:
    d.pop("q")
except KeyError as e:
    print("pop:", e)
try:
    {}.popitem()
except KeyError as e:
    print("popitem:", e)
d["missing"]
