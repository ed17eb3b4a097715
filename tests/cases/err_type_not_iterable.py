"""Iterating over an int."""
for i in 10:
    print(i)
