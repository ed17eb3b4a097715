"""Arbitrary precision integers."""
a = 2 ** 100
b = 3 ** 70
print(a)
print(b)
print(a * b)
print(a + b, a - b, b - a)
print(a // 7, a % 7, -a // 7, -a % 7)
print(10 ** 50 // 3)
f = 1
for i in range(1, 31):
    f *= i
print(f, len(str(f)))
print(-(2 ** 64), abs(-(2 ** 64)), (2 ** 64) ** 2)
a * b > 10 ** 60
