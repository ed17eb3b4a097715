"""Assignment anywhere in a function makes the name local."""
x = 10
def f():
    print(x)
    x = 5
try:
    f()
except UnboundLocalError as e:
    print("UnboundLocalError:", e)
def g():
    x += 1
g()
