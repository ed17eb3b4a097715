"""and/or return operands and short-circuit."""
def t(v):
    print("t", v)
    return v
print(1 and 2, 0 and 2, 1 or 2, 0 or 2, "" or [] or None, "a" and "b" and "c")
print(t(0) and t(1))
print(t(1) or t(2))
print(t(None) or t(0) or t("last"))
print(not 0, not "x", not None is None, (not 1) == False)
x = [] or {}
x
