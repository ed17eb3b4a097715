"""Popping an empty set."""
s = {1}
print(s.pop())
s.pop()
