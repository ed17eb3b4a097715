"""Dict comprehensions, including duplicates and conditions."""
print({x: x * x for x in range(5)})
print({k: v for k, v in zip("abc", range(3)) if v != 1})
print({x % 3: x for x in range(10)})
print({(i, j): i * j for i in range(3) for j in range(i)})
words = ["apple", "bob", "cat", "avocado", "banana"]
print({w[0]: [v for v in words if v[0] == w[0]] for w in words})
{v: k for k, v in {"a": 1, "b": 1}.items()}
