"""Assignment expressions."""
data = [1, 5, 2, 8, 3]
if (n := len(data)) > 3:
    print("long", n)
print([y for x in data if (y := x * 2) > 5], y)
i = 0
while (i := i + 1) < 4:
    print("loop", i)
print((a := 1) + (b := 2), a, b)
vals = [v for v in range(10) if (sq := v * v) % 2]
print(vals, sq)
print(any((hit := x) > 4 for x in data), hit)
total = 0
[total := total + x for x in data]
total
