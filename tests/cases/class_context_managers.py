"""with statements over instances of sandbox classes: __enter__/__exit__ looked up on the class, exceptions passed to __exit__ and swallowed by a true answer, CPython's errors for a missing method."""
class CM:
    def __init__(self, name):
        self.name = name
        self.log = []
    def __enter__(self):
        self.log.append("enter")
        return self
    def __exit__(self, et, ev, tb):
        self.log.append(("exit", et.__name__ if et else None, str(ev) if ev else None))
        return self.name == "swallow"

a = CM("a")
with a as x:
    print(x is a)
print(a.log)
b = CM("swallow")
with b:
    raise ValueError("boom")
print(b.log)
c = CM("c")
try:
    with c, CM("swallow") as d:
        raise KeyError("k")
except KeyError as e:
    print("escaped", e)
print(c.log, d.log)
try:
    with CM("c"):
        raise KeyError("k")
except KeyError as e:
    print("escaped", repr(e))

class OnlyEnter:
    def __enter__(self): return 1
class OnlyExit:
    def __exit__(self, *a): return False
class Neither:
    pass
for k in (OnlyEnter, OnlyExit, Neither):
    try:
        with k():
            pass
    except TypeError as e:
        print(e)

class Base:
    def __enter__(self):
        return "base"
    def __exit__(self, *a):
        print("base exit", a[0])
class Sub(Base):
    pass
with Sub() as v:
    print(v)

class Gen:
    def __init__(self):
        self.entered = 0
    def __enter__(self):
        self.entered += 1
        return [1, 2]
    __exit__ = lambda self, *a: None
with Gen() as (p, q):
    print(p, q)

class Inst:
    pass
i = Inst()
i.__enter__ = lambda: 1
i.__exit__ = lambda *a: None
try:
    with i:
        pass
except TypeError as e:
    print(e)

def f():
    with CM("r") as m:
        return m.log
print(f())
def g():
    for i in range(3):
        with CM("l") as m:
            if i == 1:
                continue
            if i == 2:
                break
    return m.log
print(g())
