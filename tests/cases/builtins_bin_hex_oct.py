"""bin/hex/oct and their inverse via int()."""
for n in [0, 1, -1, 255, -255, 2 ** 40, True]:
    print(n, bin(n), oct(n), hex(n), int(bin(n), 0) == n, int(hex(n), 16) == n)
try:
    hex(1.5)
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
