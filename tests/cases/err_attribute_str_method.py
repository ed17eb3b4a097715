"""Misspelled str method."""
s = "hello"
print(s.upper())
s.uppercase()
