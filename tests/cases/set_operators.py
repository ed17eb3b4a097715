"""Set operators and their in-place variants on ints."""
a = {1, 2, 3, 4}
b = {3, 4, 5}
print(a | b, a & b, a - b, b - a, a ^ b, a > {1}, a >= a, b < a)
c = set(a); c |= {9}; c &= {1, 9, 4}; c -= {4}; c ^= {0, 1}; print(c)
print(set("aab") == {"a", "b"}, set([1, 1, 2]), set(range(5)), {x % 3 for x in range(10)})
print(sorted({"pear", "apple"} | {"fig"}), 2 in a, 9 not in a, len(a | b))
try:
    a | [5]
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
