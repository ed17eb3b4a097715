"""Generator expressions are lazy and single-use."""
def noisy(n):
    print("producing", n)
    return n
g = (noisy(i) for i in range(3))
print("created")
print(next(g))
print(list(g))
print(list(g))
print(sum(x * x for x in range(10)), max(len(w) for w in ["a", "abc"]), any(x > 3 for x in [1, 5]))
print(sorted((x for x in "hello"), reverse=True), tuple(str(i) for i in range(3)), dict((i, i) for i in range(2)))
g2 = (x for x in [1, 2])
type(g2).__name__
