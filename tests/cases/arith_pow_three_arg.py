"""pow with a modulus, including negative exponents (modular inverse)."""
print(pow(3, 4, 5), pow(2, 100, 1000), pow(-3, 3, 7), pow(3, 3, -7))
print(pow(3, -1, 7), pow(38, -1, 97), pow(2, -2, 9))
print(pow(10**30, 10**5, 10**9 + 7))
print(pow(0, 0), pow(0, 0, 1), pow(5, 0, 1))
try:
    pow(2, -1, 4)
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
