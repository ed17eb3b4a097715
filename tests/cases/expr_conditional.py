"""Conditional expressions, nested and lazily evaluated."""
def loud(v):
    print("evaluated", v)
    return v
print(loud(1) if True else loud(2))
print(loud(1) if False else loud(2))
n = 15
print("FizzBuzz" if n % 15 == 0 else "Fizz" if n % 3 == 0 else "Buzz" if n % 5 == 0 else n)
print([("even" if i % 2 == 0 else "odd") for i in range(4)])
x = None
y = x if x is not None else "default"
y
