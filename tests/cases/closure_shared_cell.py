"""Two closures share one cell; the cell sees later assignments."""
def pair():
    value = []
    def put(x):
        value.append(x)
    def take():
        return list(value)
    return put, take
put, take = pair()
put(1); put(2)
print(take())
def late():
    def get():
        return v
    v = "assigned after def"
    return get
print(late()())
def lazy():
    def get():
        return w
    return get
try:
    lazy()()
except NameError as e:
    print("NameError:", e)
def unbound():
    def get():
        return u
    r = get
    try:
        return r()
    finally:
        u = 1
try:
    unbound()
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
