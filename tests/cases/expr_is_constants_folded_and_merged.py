"""Identity of literals: CPython folds and merges equal constants of one source, littrs too."""
def f():
    return 2.5, (1, 'a'), 10 ** 20


print(0.0 is 0.0, -1.5 is -1.5, (1, 2) is (1, 2), ((1, 2), 3) is ((1, 2), 3))
print(10 ** 20 is 10 ** 20, 100000000000000000000 is 100000000000000000000, b'x' is b'x')
print(0.0 is -0.0, 1 is 1.0, (1,) is (1.0,), 2 ** 200 is 2 ** 200, 'a' * 5000 is 'a' * 5000)
print((1.5 + 1) is 2.5, (1,) * 3 is (1, 1, 1), 1 << 200 is 1 << 200, 1 << 20 is 1 << 20)
print(f()[0] is 2.5, f()[1] is (1, 'a'), f()[2] is 10 ** 20, not 1, ~5, +True, -(2 ** 70))
print(0.0 is 0.0 < ...)
