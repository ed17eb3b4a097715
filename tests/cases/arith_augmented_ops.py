"""All augmented assignment operators on ints."""
x = 100
x += 5; print(x)
x -= 7; print(x)
x *= 3; print(x)
x //= 4; print(x)
x %= 50; print(x)
x **= 2; print(x)
x <<= 3; print(x)
x >>= 1; print(x)
x &= 0xFF; print(x)
x |= 0x100; print(x)
x ^= 0x0F; print(x)
x /= 8; print(x)
x
