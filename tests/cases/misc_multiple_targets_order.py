"""Evaluation order: right-hand side first, then targets left to right."""
log = []
def val(x):
    log.append(("val", x))
    return x
d = {}
d[val("k1")] = d[val("k2")] = val("v")
print(log)
print(d)
log.clear()
def f(a, b, c):
    return a, b, c
f(val(1), val(2), c=val(3))
print(log)
log.clear()
[val(i) for i in range(2)], {val("k"): val("v")}
log
