"""encode/decode round trips and errors."""
s = "héllo €"
b = s.encode()
print(b, len(b), b.decode(), s.encode("utf-8") == b, s.encode("ascii", "replace"), s.encode("ascii", "ignore"))
print("abc".encode("ascii"), b.decode("utf-8"), s.encode("latin-1", errors="replace"))
print(b"\xff".decode("utf-8", "replace"), b"\xffabc".decode("utf-8", "ignore"))
try:
    s.encode("ascii")
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
