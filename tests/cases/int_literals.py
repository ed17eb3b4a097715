"""Integer literal forms and repr of bases."""
print(0x1F, 0o17, 0b1011, 1_000_000, 0xDEAD_BEEF, 0b_1_0)
print(bin(10), oct(10), hex(255), bin(-10), oct(-8), hex(-255), hex(0), bin(0))
print(bin(2 ** 70), hex(10 ** 20))
print(format(255, "x"), format(255, "#X"), format(5, "b"), format(8, "#o"))
