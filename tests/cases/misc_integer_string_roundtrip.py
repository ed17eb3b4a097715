"""Big ints to and from str, and digit manipulations."""
n = 2 ** 200
s = str(n)
print(len(s), s[:10], s[-10:], int(s) == n, int(s[::-1]) % 1000)
print(sum(int(d) for d in str(2 ** 100)), int("9" * 50) + 1 == 10 ** 50, str(-(10 ** 30)))
digits = [int(c) for c in str(12345)]
print(digits, int("".join(map(str, reversed(digits)))))
print(f"{10 ** 25:,}", f"{-2 ** 70:_}", f"{3 ** 40:e}", format(7 ** 30, "x"))
