"""Moderately deep recursion (200 frames) works."""
def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)
def sum_list(l):
    return 0 if not l else l[0] + sum_list(l[1:])
print(depth(200), sum_list(list(range(150))))
