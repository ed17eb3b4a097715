"""__name__ of functions, lambdas, builtins and types."""
def regular():
    pass
lam = lambda: 0
def outer():
    def inner():
        pass
    return inner
print(regular.__name__, lam.__name__, outer().__name__, len.__name__, int.__name__, ValueError.__name__)
print(type(regular).__name__, type(len).__name__, type(lam).__name__, type(None).__name__, type(type).__name__)
print(callable(regular), callable(len), callable(1), callable(int), callable("s"), callable(ValueError))
