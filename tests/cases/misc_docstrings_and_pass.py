"""Functions with docstrings, pass, ellipsis bodies and nested defs."""
def documented():
    """This is a docstring."""
    return 1
def empty():
    pass
def ellipsis():
    ...
def nested():
    def a():
        def b():
            return "deep"
        return b
    return a()()
print(documented(), empty(), ellipsis(), nested(), ..., type(...).__name__)
str(...)
