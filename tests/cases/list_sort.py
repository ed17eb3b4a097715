"""list.sort with key and reverse; stability."""
words = ["banana", "Apple", "cherry", "apple", "Banana", "fig"]
w = words[:]
w.sort(); print(w)
w.sort(key=str.lower); print(w)
w.sort(key=len, reverse=True); print(w)
pairs = [(1, "b"), (0, "a"), (1, "a"), (0, "b")]
pairs.sort(key=lambda p: p[0]); print(pairs)
nums = [5, -3, 2, -8, 0]
nums.sort(key=abs); print(nums)
print(sorted(nums, reverse=True), nums.sort() is None, nums)
[3, 1, 2].sort(key=None, reverse=False)
