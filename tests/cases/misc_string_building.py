"""Building strings in loops, join, multiplication and slicing."""
parts = []
for i in range(5):
    parts.append(str(i) * i)
print(parts, "|".join(parts), "".join(parts)[::2])
s = ""
for ch in "abc":
    s += ch.upper() + ch
print(s, s.swapcase(), s[1:-1], s * 2)
triangle = "\n".join(" " * (3 - i) + "*" * (2 * i + 1) for i in range(4))
print(triangle)
banner = f"+{'-' * 10}+\n|{'hi':^10}|\n+{'-' * 10}+"
banner.splitlines()
