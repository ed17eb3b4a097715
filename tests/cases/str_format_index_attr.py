"""str.format field names with indexes and attributes."""
d = {"key": "value", 1: "int key"}
l = ["zero", "one", "two"]
print("{0[key]} {0[1]}".format(d), "{0[2]}".format(l), "{0[0][1]}".format(["xy"]))
print("{0.real} {0.imag}".format(3 + 4j), "{z.real:.1f}".format(z=2.5), "{[1]}".format("abc"))
print("{d[key]}".format(d=d), "{l[-1]}".format(l={"-1": "str key"}), "{0.__class__.__name__}".format(1))
try:
    "{0[missing]}".format(d)
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
