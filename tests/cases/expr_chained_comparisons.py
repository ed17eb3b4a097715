"""Chained comparisons evaluate each operand once and short-circuit."""
def v(n):
    print("v", n)
    return n
print(1 < 2 < 3, 1 < 3 < 2, 3 > 2 > 1 > 0, 1 == 1.0 == True, 1 < 2 > 1)
print(v(1) < v(2) < v(3))
print(v(3) < v(2) < v(1))
x = 5
print(0 <= x < 10, x in range(10) in [range(10)], x is not None is not False, "a" < "b" <= "b" != "c")
print([] == [] is not None, 2 in [1, 2] == True)
