"""Implicit None return, multiple return values, early return."""
def nothing():
    pass
def bare():
    return
def multi():
    return 1, "two", [3]
def early(x):
    for i in range(10):
        if i == x:
            return i * 100
    return "not found"
print(nothing(), bare(), multi(), early(3), early(20))
a, b, c = multi()
print(a, b, c, type(multi()).__name__)
