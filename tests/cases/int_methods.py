"""int methods and attributes."""
n = 1000
print(n.to_bytes(2, "big"), n.to_bytes(4, "little"), (-1).to_bytes(2, "big", signed=True))
print(int.from_bytes(b"\x03\xe8", "big"), int.from_bytes(b"\xff\xff", "big", signed=True), int.from_bytes(b"\x01\x00", "little"))
print(n.real, n.imag, n.numerator, n.denominator, n.conjugate(), (7).as_integer_ratio())
print((-5).__class__.__name__, int.__name__)
try:
    (256).to_bytes(1, "big")
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
