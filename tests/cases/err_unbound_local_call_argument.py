"""An unbound local passed straight to a global function: UnboundLocalError, not NameError."""
def f():
    result = len(items)
    items = [1]
    return result
f()
