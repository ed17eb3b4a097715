"""An uncaught exception raised from a handler of another."""
try:
    {}["key"]
except KeyError:
    raise ValueError("lookup failed")
