"""Binary search, bisect-style insertion points."""
def bisect_left(a, x):
    lo, hi = 0, len(a)
    while lo < hi:
        mid = (lo + hi) // 2
        if a[mid] < x:
            lo = mid + 1
        else:
            hi = mid
    return lo
data = [1, 3, 3, 5, 8, 13, 21]
print([bisect_left(data, x) for x in (0, 1, 3, 4, 21, 22)])
def search(a, x):
    i = bisect_left(a, x)
    return i if i < len(a) and a[i] == x else -1
[search(data, x) for x in (5, 6, 21)]
