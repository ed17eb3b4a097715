"""Unbalanced braces in format strings."""
for s in ["{", "}", "{0", "a}b", "{0!x}", "{:"]:
    try:
        print(s.format(1))
    except ValueError as e:
        print(repr(s), "ValueError:", e)
try:
    "{0.attr}".format(1)
except Exception as exc:
    print(type(exc).__name__ + ":", exc)
