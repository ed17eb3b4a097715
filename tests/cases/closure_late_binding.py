"""Closures capture variables, not values: the classic late-binding trap."""
fs = []
for i in range(3):
    fs.append(lambda: i)
print([f() for f in fs])
gs = [lambda: j for j in range(3)]
print([g() for g in gs])
hs = [lambda k=k: k for k in range(3)]
print([h() for h in hs])
def make():
    out = []
    for n in range(3):
        def show():
            return n
        out.append(show)
    n = "changed"
    return out
[f() for f in make()]
