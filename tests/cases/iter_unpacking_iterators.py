"""Star-unpacking and multiple consumers of one iterator."""
it = iter(range(6))
a, b, *rest = it
print(a, b, rest, list(it))
g = (c for c in "hello")
first, *middle, last = g
print(first, middle, last)
words = iter("the quick brown fox".split())
print(dict(zip(words, words)))
chunks = iter(range(7))
[list(zip(chunks, chunks, chunks)), list(chunks)]
