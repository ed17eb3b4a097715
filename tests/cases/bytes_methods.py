"""Common bytes methods."""
b = b"  Hello, World  "
print(b.strip(), b.lower(), b.upper(), b.split(b","), b.strip().split(), b.replace(b"l", b"L"))
print(b.find(b"o"), b.count(b"l"), b.startswith(b"  H"), b.endswith(b" "), b.index(b"W"))
print(b"-".join([b"a", b"b"]), b"abc".hex(), bytes.fromhex("de ad be ef"), b"ab".hex(":"))
print(b"abc".isalpha(), b"123".isdigit(), b"a b".title(), b"x".center(5, b"*"), b"12".zfill(4))
print(b"a,b".partition(b","), b"hello".decode(), b"caf\xc3\xa9".decode("utf-8"), b"ab".rjust(4))
try:
    b"a" + "b"
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
