"""sorted() with key=, reverse= and stability."""
words = ["pear", "Fig", "apple", "date", "banana"]
print(sorted(words), sorted(words, key=str.lower), sorted(words, key=len), sorted(words, key=len, reverse=True))
print(sorted([3, 1, 2], reverse=True), sorted("bca"), sorted({3: 0, 1: 0}), sorted((2, 1)), sorted([]))
records = [("b", 2), ("a", 2), ("c", 1)]
print(sorted(records, key=lambda r: r[1]), sorted(records, key=lambda r: (-r[1], r[0])))
print(sorted([-3, 2, -1], key=abs), sorted(["10", "9", "100"], key=int), sorted([[2], [1, 5], [1]]))
sorted([1, 2, 3], key=lambda x: -x, reverse=True)
