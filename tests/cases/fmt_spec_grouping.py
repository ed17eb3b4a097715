"""Thousands separators with ints, floats and widths."""
for n in [0, 999, 1000, -1000, 123456789, 10 ** 20, -(10 ** 12)]:
    print(f"{n:,}", f"{n:_}", f"{n:015,}", f"{n:>15,}", f"{n:_x}", f"{n:,.2f}")
print(f"{1234567.891:,.1f}", f"{-0.5:,}", f"{1e6:,}", f"{12345.6789:_}")
