"""int.bit_length, bit_count and friends."""
for n in [0, 1, 2, 3, 255, 256, -1, -256, 2 ** 100, -(2 ** 100) + 1]:
    print(n, n.bit_length(), n.bit_count())
print((5).bit_length(), True.bit_length())
