"""any/all with short-circuiting and empty iterables."""
print(any([]), all([]), any([0, "", None]), all([1, "a", [0]]), any([0, 1]), all([1, 0]))
def check(v):
    print("check", v)
    return v
print(any(check(x) for x in [0, 2, 3]))
print(all(check(x) for x in [1, 0, 3]))
print(any("ab"), all(""), any({0: 1}), all(range(1, 5)), all([[]]))
try:
    any(5)
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
