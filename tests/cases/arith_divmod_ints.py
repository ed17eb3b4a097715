"""divmod matches // and % for ints including big and negative ones."""
for a, b in [(17, 5), (-17, 5), (17, -5), (-17, -5), (10**30, 7), (-(10**30), 7)]:
    q, r = divmod(a, b)
    print(q, r, q * b + r == a, (q, r) == (a // b, a % b))
divmod(True, 2)
