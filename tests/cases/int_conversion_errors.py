"""int() of malformed strings and wrong types."""
for s in ["x", "1.5", "", " ", "1 2", "0x10", "1__0", "١٢"]:
    try:
        print(repr(s), int(s))
    except ValueError as e:
        print("ValueError:", e)
try:
    int(None)
except TypeError as e:
    print("TypeError:", e)
try:
    int([1])
except TypeError as e:
    print("TypeError:", e)
int("1.5")
