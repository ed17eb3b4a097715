"""Index out of range on a list."""
items = [10, 20, 30]
print(items[2], items[-3])
items[3]
