"""len() of every sized type and of non-sized values."""
print(len("héllo"), len(b"ab"), len([1]), len((1, 2)), len({1: 2}), len({1, 2, 2}), len(frozenset()), len(range(0, 10, 3)))
print(len({}.keys()), len({1: 2}.items()), len(""), len([[]]), len("😀"))
for v in [1, 1.5, None, True, iter([])]:
    try:
        len(v)
    except TypeError as e:
        print("TypeError:", e)
try:
    len(5)
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
