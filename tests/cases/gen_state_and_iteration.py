"""Generators are their own iterators; iter(g) is g; for loops drive them."""
def countdown(n):
    while n > 0:
        yield n
        n -= 1
g = countdown(3)
print(iter(g) is g, [x for x in g], list(g))
total = 0
for v in countdown(4):
    total += v
print(total, sum(countdown(10)), max(countdown(5)), sorted(countdown(3)))
pairs = zip(countdown(3), "abc")
print(list(pairs), list(enumerate(countdown(2), start=1)))
def with_locals():
    seen = []
    for ch in "ab":
        seen.append(ch)
        yield list(seen)
list(with_locals())
