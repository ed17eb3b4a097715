"""None, True, False as values: comparisons, repr, truthiness, in containers."""
print(None == None, None is None, None != 0, [None] * 2, {None: 1}[None], (None,) == (None,))
print(True + True, True and None, None or False, False or None, not None, str(None), repr(True))
print(sorted([True, False, True]), max(False, True), [x for x in [None, 0, False, "", 1] if x is not None])
def f():
    pass
f() is None
