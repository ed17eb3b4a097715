"""complex numbers: arithmetic, repr, attributes."""
a = 3 + 4j
b = 1 - 2j
print(a + b, a - b, a * b, a / b, -a, +a, a ** 2, abs(a))
print(a.real, a.imag, a.conjugate(), a == 3 + 4j, a != b)
print(complex(1, 2), complex("3+4j"), complex(2), complex(), 1j * 1j, 2j ** 2)
print(repr(1j), repr(-0j), repr(complex(1, -0.0)), complex(0, 0), 1 + 0j, (1 + 2j) * 0)
print(complex("-1.5e3-2j"), complex(" 5j "), 1j ** 0, 0j + 1.5)
a * 2 == 6 + 8j
