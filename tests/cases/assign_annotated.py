"""Annotated assignments (annotations are not enforced)."""
x: int = 5
y: "anything" = "not an int"
z: list[int]
w: dict = {}
w["k"]: int = 3
print(x, y, w)
def f(a: int, b: str = "d") -> str:
    v: float = a * 2
    return f"{v}{b}"
print(f(2), f("x", b="!"))
try:
    z
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
