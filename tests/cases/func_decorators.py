"""Function decorators, stacked and with arguments."""
def shout(f):
    def wrapper(*args, **kwargs):
        return f(*args, **kwargs).upper()
    return wrapper
def repeat(n):
    def deco(f):
        def wrapper(*args):
            return [f(*args) for _ in range(n)]
        return wrapper
    return deco
def trace(f):
    def wrapper(*args):
        print("calling", f.__name__, args)
        return f(*args)
    return wrapper
@shout
def greet(name):
    return "hello " + name
@repeat(3)
@trace
def ident(x):
    return x
print(greet("bob"), greet.__name__)
print(ident(7))
registry = []
def register(f):
    registry.append(f.__name__)
    return f
@register
def a(): pass
@register
def b(): pass
registry
