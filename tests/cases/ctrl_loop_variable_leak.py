"""Loop variables persist after the loop; the iterable is evaluated once."""
for i in range(3):
    pass
print(i)
items = [1, 2, 3]
for x in items:
    items = []
    print(x, end=" ")
print()
l = [1, 2]
for x in l:
    if len(l) < 5:
        l.append(x * 10)
print(l)
for i in range(10):
    i = i * 100
print(i)
