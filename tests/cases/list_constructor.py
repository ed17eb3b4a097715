"""list() from various iterables; nested lists and copies."""
print(list(), list("abc"), list((1, 2)), list(range(3)), list({1: 2, 3: 4}), list({5}), list(x for x in "hi"))
a = [[1, 2], [3]]
b = list(a)
b[0].append(9); b.append([7])
print(a, b, a[0] is b[0])
print(list(zip("ab", [1, 2])), list(enumerate("xy")), list(map(str, [1, 2])))
try:
    list(5)
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
