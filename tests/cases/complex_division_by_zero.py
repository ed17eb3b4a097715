"""Complex division by zero."""
print((1 + 1j) / 2)
(1 + 1j) / 0
